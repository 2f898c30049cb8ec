#include "tavla/net_set.hpp"

#include <utility>

#include "tavla/fault.hpp"

namespace tavla {

NetSet::NetSet(NetSetMembers members, Classifier classifier)
    : members_(std::move(members)), classifier_(classifier) {
    classifier_.check();
    for (int c = 0; c < kPositionClasses; ++c)
        if (!members_[std::size_t(c)])
            throw Fault(std::string("a net set needs a member for the class ") +
                        position_class_name(PositionClass(c)));
}

void NetSet::evaluate(const Board* boards, std::size_t count, Probabilities* out) const {
    for (std::size_t i = 0; i < count; ++i)
        member(classifier_.classify(boards[i])).evaluate(&boards[i], 1, &out[i]);
}

void NetSet::evaluate_results(const Board& before, const Board* results, std::size_t count,
                              Probabilities* out) const {
    // A class does not depend on the side on roll: a result is classified as it stands.
    int shared = -1;
    for (std::size_t i = 0; i < count; ++i) {
        const Board& after = results[i];
        if (after.mover()[kOff] == kCheckers) continue;
        const int c = int(classifier_.classify(after));
        if (shared == -1) shared = c;
        if (c != shared) {
            shared = -2;
            break;
        }
    }
    if (shared == -1) shared = 0;  // every play ends the game: any member scores them exactly
    if (shared >= 0) {
        members_[std::size_t(shared)]->evaluate_results(before, results, count, out);
        return;
    }
    for (std::size_t i = 0; i < count; ++i) {
        const Board& after = results[i];
        if (after.mover()[kOff] == kCheckers) {
            out[i] = finished_probabilities(after);
            continue;
        }
        const Board next = after.swapped();
        Probabilities p;
        member(classifier_.classify(next)).evaluate(&next, 1, &p);
        out[i] = flipped(p);
    }
}

}  // namespace tavla
