// GNU Backgammon Position IDs: the start, round trips, and faults that quote the input.
#include <memory>
#include <string>

#include "check.hpp"
#include "tavla/movegen.hpp"
#include "tavla/position_id.hpp"
#include "tavla/rng.hpp"

using tavla::Board;
using tavla::parse_position_id;
using tavla::position_id;

namespace {

void the_start() {
    CHECK_EQ(position_id(Board::initial()), "4HPwATDgc/ABMA");
    CHECK(parse_position_id("4HPwATDgc/ABMA") == Board::initial());
    // After 8/5 6/5 with 3-1 the opponent is on roll (docs/formats.rst, "GNU Backgammon
    // Position ID").
    CHECK(parse_position_id("sGfwATDgc/ABMA") ==
          tavla::test::board("24:2 13:5 8:3 6:5 / 24:2 13:5 8:2 6:4 5:2"));
}

// Every position of a few random games comes back from its ID.
void round_trips() {
    auto gen = std::make_unique<tavla::MoveGenerator>();
    int positions = 0;
    for (std::uint64_t game = 0; game < 20; ++game) {
        const std::uint64_t key = tavla::stream_key(7, game);
        Board b = Board::initial();
        for (std::uint64_t ply = 0; ply < 400 && b.side[1][tavla::kOff] < tavla::kCheckers; ++ply) {
            const std::string id = position_id(b);
            CHECK_EQ(id.size(), 14u);
            CHECK(parse_position_id(id) == b);
            ++positions;
            const tavla::Roll roll = tavla::roll_of_bits(tavla::draw(key, 2 * ply));
            const int count = gen->generate(b, roll.d1, roll.d2);
            const int chosen = tavla::uniform_below(tavla::draw(key, 2 * ply + 1), count);
            b = gen->play(chosen).result.swapped();
        }
    }
    CHECK(positions > 1000);
}

void faults_quote_the_input() {
    CHECK_FAULT(parse_position_id("4HPwATDgc/ABM"), "14 characters, got 13: '4HPwATDgc/ABM'");
    CHECK_FAULT(parse_position_id("4HPwATDgc/AB!A"), "character '!' at 13 is not base64");
    // Characters, not bytes: 14 two-byte characters are 14 characters.
    std::string accents;
    for (int i = 0; i < 14; ++i) accents += "\xc3\xa9";
    CHECK_FAULT(parse_position_id(accents), "character '\\xe9' at 1 is not base64");
    CHECK_FAULT(parse_position_id(std::string("4HPwATDgc/AB\0A", 14)),
                "character '\\x00' at 13 is not base64: '4HPwATDgc/AB\\x00A'");
    CHECK_FAULT(parse_position_id("\xed\xba\xbe"), "got 1: '\\udebe'");  // a lone surrogate
    CHECK_FAULT(parse_position_id(std::string(100000, 'A')),
                "got 100000: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'... (100,000 characters)");
    CHECK_FAULT(parse_position_id("/////////////A"), "more than 15 checkers on one point");
    CHECK_FAULT(parse_position_id("4HPwATDgc/ABMB"), "bits set beyond the 80-bit key");
    CHECK_FAULT(parse_position_id("AAAAAAAAAAAAAA"), "both sides have borne off all 15");
    CHECK_FAULT(parse_position_id("4Dn4QDDgc/ABMA"), "held by both sides");
}

}  // namespace

int main() {
    the_start();
    round_trips();
    faults_quote_the_input();
    return tavla::test::report();
}
