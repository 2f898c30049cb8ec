#include "tavla/fault.hpp"

#include <cstdint>

namespace tavla {

Fault::Fault(const char* message) : Fault(FaultKind::Argument, message) {}

Fault::Fault(const std::string& message) : Fault(FaultKind::Argument, message) {}

Fault::Fault(FaultKind kind, const char* message) : std::runtime_error(message), kind_(kind) {}

Fault::Fault(FaultKind kind, const std::string& message)
    : std::runtime_error(message), kind_(kind) {}

namespace {

bool continues(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// Decodes the character at `pos` and moves past it. A lead byte followed by the continuation
// bytes it announces gives the code point (surrogates included, as Python's "surrogatepass"
// encodes them); any other byte stands for itself, as a code point 0x80..0xFF.
std::uint32_t next_character(std::string_view text, std::size_t& pos) {
    const auto lead = static_cast<unsigned char>(text[pos++]);
    const int more = lead >= 0xF8 ? 0 : lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
    if (more == 0 || pos + more > text.size()) return lead;
    std::uint32_t code = lead & (0x3F >> more);
    for (int i = 0; i < more; ++i) {
        const auto byte = static_cast<unsigned char>(text[pos + i]);
        if (!continues(byte)) return lead;
        code = code << 6 | (byte & 0x3F);
    }
    pos += more;
    return code;
}

void append_escaped(std::string& out, std::uint32_t code) {
    static constexpr char kHex[] = "0123456789abcdef";
    if (code == '\\' || code == '\'') {
        out += '\\';
        out += char(code);
        return;
    }
    if (code >= 0x20 && code < 0x7F) {
        out += char(code);
        return;
    }
    if (code == '\t' || code == '\n' || code == '\r') {
        out += code == '\t' ? "\\t" : code == '\n' ? "\\n" : "\\r";
        return;
    }
    const int digits = code < 0x100 ? 2 : code < 0x10000 ? 4 : 8;
    out += digits == 2 ? "\\x" : digits == 4 ? "\\u" : "\\U";
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(code >> shift) & 15];
}

// 100000 -> "100,000".
std::string with_thousands(std::size_t n) {
    std::string digits = std::to_string(n);
    for (int i = int(digits.size()) - 3; i > 0; i -= 3) digits.insert(std::size_t(i), ",");
    return digits;
}

}  // namespace

std::size_t character_count(std::string_view utf8) {
    std::size_t count = 0;
    for (std::size_t pos = 0; pos < utf8.size(); ++count) next_character(utf8, pos);
    return count;
}

std::string_view character_at(std::string_view utf8, std::size_t pos) {
    const std::size_t start = pos;
    next_character(utf8, pos);
    return utf8.substr(start, pos - start);
}

std::string quoted(std::string_view utf8, std::size_t limit) {
    std::string out = "'";
    std::size_t pos = 0;
    std::size_t shown = 0;
    for (; pos < utf8.size() && shown < limit; ++shown)
        append_escaped(out, next_character(utf8, pos));
    out += '\'';
    if (pos < utf8.size())
        out += "... (" + with_thousands(shown + character_count(utf8.substr(pos))) + " characters)";
    return out;
}

}  // namespace tavla
