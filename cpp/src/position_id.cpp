#include "tavla/position_id.hpp"

#include "tavla/fault.hpp"

namespace tavla {
namespace {

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

}  // namespace

PositionKey position_key(const Board& b) {
    PositionKey key{};
    int bit = 0;
    for (int s : {1, 0}) {
        for (int i = 1; i <= kBar; ++i) {
            for (int n = 0; n < b.side[s][i]; ++n, ++bit) key[bit >> 3] |= std::uint8_t(1u << (bit & 7));
            ++bit;  // the separating zero
        }
    }
    return key;
}

std::string position_id(const Board& b) {
    const PositionKey key = position_key(b);
    std::string out;
    out.reserve(14);
    // 10 bytes = 80 bits: 13 full sextets plus 2 bits, which base64 pads to a 14th character.
    std::uint32_t acc = 0;
    int bits = 0;
    for (std::uint8_t byte : key) {
        acc = (acc << 8) | byte;
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            out.push_back(kBase64[(acc >> bits) & 63]);
        }
    }
    out.push_back(kBase64[(acc << (6 - bits)) & 63]);
    return out;
}

Board parse_position_id(std::string_view id) {
    const std::size_t length = character_count(id);
    if (length != 14)
        throw Fault(FaultKind::Id,
                    "a Position ID has 14 characters, got " + std::to_string(length) + ": " +
                    quoted(id));
    PositionKey key{};
    std::uint32_t acc = 0;
    int bits = 0;
    std::size_t nbyte = 0;
    // Up to the first character that is not base64, each character is one byte.
    for (std::size_t i = 0; i < id.size(); ++i) {
        const int v = base64_value(id[i]);
        if (v < 0)
            throw Fault(FaultKind::Id, "character " + quoted(character_at(id, i)) + " at " +
                        std::to_string(i + 1) + " is not base64: " + quoted(id));
        acc = (acc << 6) | std::uint32_t(v);
        bits += 6;
        if (bits >= 8 && nbyte < key.size()) {
            bits -= 8;
            key[nbyte++] = std::uint8_t((acc >> bits) & 0xFF);
        }
    }
    if ((acc & ((1u << bits) - 1)) != 0)
        throw Fault(FaultKind::Id, "the last character has bits set beyond the 80-bit key");

    // Run lengths: 50 slots (opponent's 1..25, then the mover's 1..25), each ended by a zero.
    Board d;
    int slot = 0;
    int run = 0;
    for (int bit = 0; bit < 80; ++bit) {
        const bool one = (key[bit >> 3] >> (bit & 7)) & 1;
        if (slot == 50) {
            if (one)
                throw Fault(FaultKind::Id, "checkers encoded after both sides are complete");
            continue;
        }
        if (one) {
            if (++run > kCheckers)
                throw Fault(FaultKind::Id, "more than 15 checkers on one point");
            continue;
        }
        d.side[slot < 25 ? 1 : 0][slot % 25 + 1] = std::int8_t(run);
        run = 0;
        ++slot;
    }
    if (slot < 50)
        throw Fault(FaultKind::Id, "the key ends before both sides are complete");
    for (int s = 0; s < 2; ++s) {
        int on_board = 0;
        for (int i = 1; i <= kBar; ++i) on_board += d.side[s][i];
        if (on_board > kCheckers)
            throw Fault(FaultKind::Id, "more than 15 checkers for one side");
        d.side[s][kOff] = std::int8_t(kCheckers - on_board);
    }
    // A board that breaks R1-R4 is the ID's fault here (InvalidIdError), not a board's.
    if (!board_is_valid(d)) throw Fault(FaultKind::Id, board_error(d));
    return d;
}

}  // namespace tavla
