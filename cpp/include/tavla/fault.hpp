// The one way the core reports a fault in what it was given (a bad board, ID, argument): it
// throws a Fault whose message names the fault. The bindings turn every Fault into Python's
// ValueError in one place (module.cpp). Queries that describe a fault without failing, such
// as board_error(), return its text instead.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tavla {

class Fault : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

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
