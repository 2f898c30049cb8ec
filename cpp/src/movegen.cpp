#include "tavla/movegen.hpp"

#include <algorithm>

namespace tavla {
namespace {

// Checkers of the mover outside its home board (points 7..24 and the bar).
bool all_home(const std::int8_t* mover) {
    for (int p = 7; p <= kBar; ++p)
        if (mover[p] > 0) return false;
    return true;
}

inline std::uint64_t load64(const std::int8_t* p) {
    std::uint64_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

// What the legality of a single move depends on beyond its own points, computed once per
// search node instead of once per candidate move.
struct MoverState {
    bool on_bar;
    int highest;  // the mover's highest occupied index (25 = bar)

    explicit MoverState(const Board& b)
        : on_bar(b.mover()[kBar] > 0), highest(highest_point(b.mover())) {}

    // The fast twin of single_move_fault() for a die 1..6; the two must agree.
    bool can_move(const Board& b, int from, int die) const {
        if (b.mover()[from] == 0) return false;
        if (on_bar && from != kBar) return false;
        const int to = from - die;
        if (to >= 1) return b.opponent()[kBar - to] < 2;
        if (highest > 6) return false;
        return to == 0 || from == highest;
    }
};

}  // namespace

const char* single_move_fault(const Board& board, int from, int die) {
    const std::int8_t* mover = board.mover();
    const std::int8_t* opponent = board.opponent();
    if (die < 1 || die > 6) return "a die is 1 to 6";
    if (from < 1 || from > kBar) return "no such point";
    if (mover[from] <= 0) return "no checker there";
    if (from != kBar && mover[kBar] > 0) return "a checker on the bar must enter first";
    const int to = from - die;
    if (to >= 1) {
        if (opponent[kBar - to] >= 2) return "the point is blocked";
        return nullptr;
    }
    if (!all_home(mover)) return "cannot bear off before all checkers are home";
    if (to == 0) return nullptr;
    // A larger die bears off only from the highest occupied point (R13).
    if (highest_point(mover) != from) return "a higher point is occupied, so this die must move inside";
    return nullptr;
}

bool apply_move(Board& board, int from, int die) {
    std::int8_t* mover = board.mover();
    std::int8_t* opponent = board.opponent();
    const int to = from - die;
    --mover[from];
    if (to <= 0) {
        ++mover[kOff];
        return false;
    }
    ++mover[to];
    std::int8_t& target = opponent[kBar - to];
    if (target == 1) {
        target = 0;
        ++opponent[kBar];
        return true;
    }
    return false;
}

MoveGenerator::MoveGenerator() { table_stamp_.fill(0); }

// Results of one roll differ in the mover's row, and in the opponent's row only through hits,
// which show on the opponent's bar: hashing those 27 bytes is enough, the exact comparison in
// record() settles any collision.
std::uint64_t MoveGenerator::hash_of(const Board& b) const {
    const std::int8_t* p = b.side[0].data();
    std::uint64_t h = load64(p) * 0x9E3779B97F4A7C15ull;
    h ^= load64(p + 8) * 0xC2B2AE3D27D4EB4Full;
    h ^= load64(p + 16) * 0x165667B19E3779F9ull;
    h ^= (std::uint64_t(std::uint8_t(p[24])) | std::uint64_t(std::uint8_t(p[25])) << 8 |
          std::uint64_t(std::uint8_t(b.side[1][kBar])) << 16) *
         0xFF51AFD7ED558CCDull;
    return h ^ (h >> 31);
}

void MoveGenerator::record(int used, int die_used) {
    if (used < best_used_) return;
    if (used > best_used_) {
        best_used_ = used;
        count_ = 0;
        if (++stamp_ == 0) {  // the stamp wrapped: forget every old entry once
            table_stamp_.fill(0);
            stamp_ = 1;
        }
    }
    std::size_t slot = std::size_t(hash_of(work_)) & (kTableSize - 1);
    while (table_stamp_[slot] == stamp_) {
        if (plays_[table_index_[slot]].result == work_) return;
        slot = (slot + 1) & (kTableSize - 1);
    }
    table_stamp_[slot] = stamp_;
    table_index_[slot] = std::uint16_t(count_);
    PlayRecord& rec = plays_[count_];
    rec.result = work_;
    rec.moves = path_;
    rec.n_moves = std::uint8_t(used);
    rec.hit_mask = std::uint8_t(hit_mask_);
    die_used_[count_] = std::uint8_t(die_used);
    ++count_;
}

// Doubles: up to four moves of one die. Moves are taken in non-increasing order of their
// starting point, which reaches every result once per distinct sequence of starting points.
void MoveGenerator::search_double(int die, int depth, int min_from) {
    bool moved = false;
    if (depth < 4) {
        const MoverState state(work_);
        for (int from = min_from; from >= 1; --from) {
            if (!state.can_move(work_, from, die)) continue;
            moved = true;
            const Board saved = work_;
            const bool hit = apply_move(work_, from, die);
            path_[depth] = Move{std::int8_t(from), std::int8_t(std::max(0, from - die))};
            if (hit) hit_mask_ |= 1 << depth;
            search_double(die, depth + 1, from);
            hit_mask_ &= ~(1 << depth);
            work_ = saved;
        }
    }
    if (!moved && depth > 0) record(depth, die);
}

void MoveGenerator::search_pair(int first, int second) {
    const MoverState state(work_);
    for (int from = kBar; from >= 1; --from) {
        if (!state.can_move(work_, from, first)) continue;
        const Board before_first = work_;
        const bool hit1 = apply_move(work_, from, first);
        path_[0] = Move{std::int8_t(from), std::int8_t(std::max(0, from - first))};
        hit_mask_ = hit1;
        bool second_moved = false;
        const MoverState state2(work_);
        for (int from2 = kBar; from2 >= 1; --from2) {
            if (!state2.can_move(work_, from2, second)) continue;
            second_moved = true;
            const Board before_second = work_;
            const bool hit2 = apply_move(work_, from2, second);
            path_[1] = Move{std::int8_t(from2), std::int8_t(std::max(0, from2 - second))};
            hit_mask_ = hit1 | (hit2 << 1);
            record(2, 0);
            work_ = before_second;
        }
        hit_mask_ = hit1;
        if (!second_moved) record(1, first);
        work_ = before_first;
    }
}

int MoveGenerator::generate(const Board& board, int d1, int d2) {
    work_ = board;
    best_used_ = 0;
    count_ = 0;
    hit_mask_ = 0;
    if (++stamp_ == 0) {
        table_stamp_.fill(0);
        stamp_ = 1;
    }
    if (d1 == d2) {
        search_double(d1, 0, kBar);
    } else {
        search_pair(d1, d2);
        search_pair(d2, d1);
        if (best_used_ == 1) {
            // R9: when only one die can be played, the larger one must be if it can.
            const int larger = std::max(d1, d2);
            bool larger_playable = false;
            for (int i = 0; i < count_; ++i) larger_playable |= die_used_[i] == larger;
            if (larger_playable) {
                int kept = 0;
                for (int i = 0; i < count_; ++i)
                    if (die_used_[i] == larger) plays_[kept++] = plays_[i];
                count_ = kept;
            }
        }
    }
    if (count_ == 0) {
        PlayRecord& pass = plays_[0];
        pass.result = board;
        pass.n_moves = 0;
        pass.hit_mask = 0;
        count_ = 1;
    }
    return count_;
}

}  // namespace tavla
