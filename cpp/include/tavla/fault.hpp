// The one way the core reports a fault in what it was given (a bad board, ID, argument): it
// throws a Fault whose message names the fault and whose kind says what was at fault. The
// bindings turn every Fault into the tavla error class of its kind in one place (module.cpp).
// Queries that describe a fault without failing, such as board_error(), return its text
// instead.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tavla {

// What a fault is in; each kind is one Python class of tavla.errors (module.cpp).
enum class FaultKind {
    Argument,       // any other bad argument (ArgumentError)
    Board,          // a board that breaks R1-R4 (InvalidPositionError)
    Id,             // a malformed Position ID (InvalidIdError)
    Evaluator,      // an evaluator that cannot answer as asked (EvaluatorError)
    Net,            // a net that cannot be built (NetError)
    Training,       // a training state that cannot be taken (TrainingError)
    CubeModel,      // cube decision inputs that cannot be (CubeModelError)
    Env,            // an RL environment that cannot be built or stepped (EnvError)
    IllegalAction,  // an action the environment's mask does not allow (IllegalActionError)
};

// The constructors are out of line (fault.cpp) and take a literal as it is, so that a throw
// in a hot function costs it only a call: building the std::string at the throw site kept
// MoveGenerator::store from being inlined (6% more instructions in random self-play).
class Fault : public std::runtime_error {
public:
    explicit Fault(const char* message);
    explicit Fault(const std::string& message);
    Fault(FaultKind kind, const char* message);
    Fault(FaultKind kind, const std::string& message);

    FaultKind kind() const noexcept { return kind_; }

private:
    FaultKind kind_;
};

// call(), its Argument faults rethrown as faults of `kind`: for a call whose every fault not
// yet given a kind is of one kind (a board check's, an environment's).
template <class Call>
decltype(auto) faults_as(FaultKind kind, Call&& call) {
    try {
        return call();
    } catch (const Fault& fault) {
        if (fault.kind() != FaultKind::Argument) throw;
        throw Fault(kind, fault.what());
    }
}

// Helpers for fault messages that show user text. They take UTF-8 leniently (surrogates, as
// Python's "surrogatepass" writes them, and stray bytes, each one character) and never fail.

// The number of characters of the text.
std::size_t character_count(std::string_view utf8);

// The bytes of the character that starts at byte `pos` (< utf8.size()).
std::string_view character_at(std::string_view utf8, std::size_t pos);

// A bounded, printable quote of the text, always plain ASCII: 'text', with \\, \' and every
// character outside printable ASCII escaped as Python's ascii() does (\x00, \xe9, \udebe).
// Text of more than `limit` characters is cut to its first `limit`, followed by ... and its
// total length: 'AAAA'... (100,000 characters).
std::string quoted(std::string_view utf8, std::size_t limit = 40);

}  // namespace tavla
