// A tiny test harness for the scenario tests: CHECK and CHECK_EQ record a failure (file, line,
// the values) and go on; CHECK_FAULT expects a tavla::Fault whose message contains a text.
// Each test file's main() runs its scenarios and returns report().
#pragma once

#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "tavla/board.hpp"
#include "tavla/fault.hpp"

namespace tavla::test {

inline int& failures() {
    static int count = 0;
    return count;
}

inline void fail(const char* file, int line, const std::string& what) {
    ++failures();
    std::fprintf(stderr, "%s:%d: FAILED %s\n", file, line, what.c_str());
}

template <typename A, typename B>
void check_equal(const A& a, const B& b, const char* text, const char* file, int line) {
    if (a == b) return;
    std::ostringstream out;
    out << text << " (" << a << " != " << b << ")";
    fail(file, line, out.str());
}

inline int report() {
    if (failures() == 0) return 0;
    std::fprintf(stderr, "%d check(s) failed\n", failures());
    return 1;
}

// A board from a readable description: the side on roll, '/', the opponent, each a list of
// point:count in its own numbering (R3), "bar:count" for the bar; the checkers not listed
// are borne off. "24:2 13:5 8:3 6:5 / 24:2 13:5 8:3 6:5" is the start (R4).
inline Board board(std::string_view description) {
    Board b;
    std::istringstream in{std::string(description)};
    int side = 0;
    int on_board[2] = {0, 0};
    for (std::string item; in >> item;) {
        if (item == "/") {
            side = 1;
            continue;
        }
        const auto colon = item.find(':');
        if (colon == std::string::npos) throw std::invalid_argument("no point:count in " + item);
        const std::string where = item.substr(0, colon);
        const int point = where == "bar" ? kBar : std::stoi(where);
        const int count = std::stoi(item.substr(colon + 1));
        if (point < 1 || point > kBar) throw std::invalid_argument("no such point: " + item);
        b.side[side][point] = std::int8_t(count);
        on_board[side] += count;
    }
    for (int s = 0; s < 2; ++s) b.side[s][kOff] = std::int8_t(kCheckers - on_board[s]);
    return b;
}

}  // namespace tavla::test

#define CHECK(condition) \
    ((condition) ? void() : ::tavla::test::fail(__FILE__, __LINE__, #condition))

#define CHECK_EQ(a, b) ::tavla::test::check_equal((a), (b), #a " == " #b, __FILE__, __LINE__)

#define CHECK_FAULT(expression, text)                                                     \
    do {                                                                                  \
        try {                                                                             \
            (void)(expression);                                                           \
            ::tavla::test::fail(__FILE__, __LINE__, #expression " did not throw a Fault"); \
        } catch (const ::tavla::Fault& fault) {                                          \
            if (std::string_view(fault.what()).find(text) == std::string_view::npos)     \
                ::tavla::test::fail(__FILE__, __LINE__,                                   \
                                    std::string(#expression " threw '") + fault.what() + \
                                        "', not containing '" + (text) + "'");           \
        }                                                                                 \
    } while (false)
