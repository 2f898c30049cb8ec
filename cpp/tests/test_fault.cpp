// The fault type and the quoting of user text in fault messages.
#include <string>

#include "check.hpp"

namespace {

void a_fault_is_a_standard_exception() {
    try {
        throw tavla::Fault("dice must be 1 to 6");
    } catch (const std::exception& e) {
        CHECK_EQ(std::string(e.what()), "dice must be 1 to 6");
    }
}

void a_fault_has_a_kind_argument_unless_told() {
    CHECK(tavla::Fault("a seat is 0 or 1").kind() == tavla::FaultKind::Argument);
    const tavla::Fault board(tavla::FaultKind::Board, "side 0 has 16 checkers");
    CHECK(board.kind() == tavla::FaultKind::Board);
    CHECK_EQ(std::string(board.what()), "side 0 has 16 checkers");
}

void faults_as_gives_a_kind_to_faults_of_none() {
    try {
        tavla::faults_as(tavla::FaultKind::Env, [] { throw tavla::Fault("no seat 2"); });
        CHECK(false);
    } catch (const tavla::Fault& fault) {
        CHECK(fault.kind() == tavla::FaultKind::Env);
        CHECK_EQ(std::string(fault.what()), "no seat 2");
    }
    try {
        tavla::faults_as(tavla::FaultKind::Env, [] {
            throw tavla::Fault(tavla::FaultKind::IllegalAction, "environment 0, action 9");
        });
        CHECK(false);
    } catch (const tavla::Fault& fault) {
        CHECK(fault.kind() == tavla::FaultKind::IllegalAction);  // a kind it had is kept
    }
    CHECK_EQ(tavla::faults_as(tavla::FaultKind::Env, [] { return 7; }), 7);
}

void quotes_are_plain_ascii() {
    CHECK_EQ(tavla::quoted("4HPw"), "'4HPw'");
    CHECK_EQ(tavla::quoted(""), "''");
    CHECK_EQ(tavla::quoted("it's a\\b"), "'it\\'s a\\\\b'");
    CHECK_EQ(tavla::quoted(std::string("a\0b\t\n", 5)), "'a\\x00b\\t\\n'");
    CHECK_EQ(tavla::quoted("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"), "'\\xe9\\u20ac\\U0001f600'");
    CHECK_EQ(tavla::quoted("\xed\xba\xbe"), "'\\udebe'");  // a surrogate, as surrogatepass
    CHECK_EQ(tavla::quoted("\xff\x80"), "'\\xff\\x80'");  // stray bytes, one each
    CHECK_EQ(tavla::quoted("\xe2\x82"), "'\\xe2\\x82'");  // a character cut short
    CHECK_EQ(tavla::quoted("abcdef", 4), "'abcd'... (6 characters)");
    CHECK_EQ(tavla::quoted(std::string(1234567, 'x'), 2), "'xx'... (1,234,567 characters)");
    CHECK_EQ(tavla::quoted("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "'\\xe9\\xe9'... (3 characters)");
}

void characters_are_counted() {
    CHECK_EQ(tavla::character_count("abc"), 3u);
    CHECK_EQ(tavla::character_count("\xc3\xa9t\xc3\xa9"), 3u);
    CHECK_EQ(tavla::character_count("\xf0\x9f\x98\x80"), 1u);
    CHECK_EQ(tavla::character_at("a\xc3\xa9", 1), "\xc3\xa9");
}

}  // namespace

int main() {
    a_fault_is_a_standard_exception();
    a_fault_has_a_kind_argument_unless_told();
    faults_as_gives_a_kind_to_faults_of_none();
    quotes_are_plain_ascii();
    characters_are_counted();
    return tavla::test::report();
}
