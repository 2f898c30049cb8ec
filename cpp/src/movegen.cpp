#include "tavla/movegen.hpp"

#include <algorithm>
#include <cstring>

#include "tavla/bits.hpp"
#include "tavla/fault.hpp"

namespace tavla {
namespace {

// Checkers of the mover outside its home board (points 7..24 and the bar).
bool all_home(const std::int8_t* mover) {
    for (int p = 7; p <= kBar; ++p)
        if (mover[p] > 0) return false;
    return true;
}

// Bit p set: the mover has a checker on index p (1..25).
std::uint32_t occupied_mask(const std::int8_t* mover) {
    std::uint32_t mask = std::uint32_t(mover[kBar] > 0) << kBar;
    for (int p = 1; p < kBar; p += 8) mask |= at_least(eight_counts(mover + p, false), 1) << p;
    return mask;
}

// Bit p set: the mover's point p (1..24) is blocked (R10). Hits only take single checkers, so
// this stays the same during a whole turn. The opponent numbers the points the other way: its
// points 25 - p down to 18 - p are the mover's p up to p + 7.
std::uint32_t blocked_mask(const std::int8_t* opponent) {
    std::uint32_t mask = 0;
    for (int p = 1; p < kBar; p += 8)
        mask |= at_least(eight_counts(opponent + kBar - p - 7, true), 2) << p;
    return mask;
}

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

MoveGenerator::MoveGenerator() { table_.fill(0); }

namespace {

constexpr std::uint64_t splitmix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

constexpr int kHitWeight = kSlots;

struct HashWeights {
    std::uint64_t w[kSlots + 1];
    constexpr HashWeights() : w() {
        for (int i = 0; i <= kSlots; ++i) w[i] = splitmix(std::uint64_t(i) + 1);
    }
};
constexpr HashWeights kWeights;

// The hash of a result: the mover's counts, and the opponent's bar count (its hits), times
// fixed random weights, summed. Results of one roll differ in those, and is_new_result()
// compares whole boards to settle collisions. A move changes the sum by a few weights, so
// step() and unstep() keep it up to date: reading the board back right after writing it byte
// by byte would stall the processor on every result.
std::uint64_t board_hash(const Board& b) {
    std::uint64_t h = std::uint64_t(b.opponent()[kBar]) * kWeights.w[kHitWeight];
    for (int i = 0; i < kSlots; ++i) h += std::uint64_t(b.mover()[i]) * kWeights.w[i];
    return h;
}

}  // namespace

void MoveGenerator::forget_results() {
    count_ = 0;
    if (++stamp_ == 1u << (32 - kIndexBits)) {  // the stamp wrapped: clear the table once
        table_.fill(0);
        stamp_ = 1;
    }
}

bool MoveGenerator::uses_most_dice(int used) {
    if (used < best_used_) return false;
    if (used > best_used_) {
        best_used_ = used;
        forget_results();
    }
    return true;
}

bool MoveGenerator::is_new_result() {
    constexpr std::uint32_t kIndexMask = (1u << kIndexBits) - 1;
    std::size_t slot = std::size_t((hash_ * 0x9E3779B97F4A7C15ull) >> 40) & (kTableSize - 1);
    for (std::uint32_t entry; (entry = table_[slot]) >> kIndexBits == stamp_;
         slot = (slot + 1) & (kTableSize - 1)) {
        if (plays_[entry & kIndexMask].result == work_) return false;
    }
    table_[slot] = stamp_ << kIndexBits | std::uint32_t(count_);
    return true;
}

void MoveGenerator::store(int used, int die_used) {
    if (count_ == kCapacity) throw Fault("more distinct plays than MoveGenerator holds");
    PlayRecord& rec = plays_[count_];
    rec.result = work_;
    rec.moves = path_;
    rec.n_moves = std::uint8_t(used);
    rec.hit_mask = std::uint8_t(hit_mask_);
    die_used_[count_] = std::uint8_t(die_used);
    ++count_;
}

// The starting points from which one checker may move `die` pips now (R10, R12, R13): the
// fast twin of single_move_fault(), the two must agree.
std::uint32_t MoveGenerator::movable(std::uint32_t occupied, int die) const {
    if (occupied == 0) return 0;
    if (occupied >> kBar & 1) return (blocked_ >> (kBar - die) & 1) ? 0 : 1u << kBar;
    std::uint32_t from = occupied & ~(blocked_ << die);
    const std::uint32_t home_and_off = (2u << die) - 2;  // points 1..die: bearing off
    const std::uint32_t bearing = from & home_and_off;
    from &= ~home_and_off;
    const int highest = highest_bit(occupied);
    if (highest <= 6) {
        from |= bearing & (1u << die);                    // exact
        if (highest < die) from |= 1u << highest;         // larger die, highest point
    }
    return from;
}

// step() and unstep() run for every move tried: they must be inlined into the searches.
#if defined(__GNUC__)
#define TAVLA_HOT_INLINE __attribute__((always_inline)) inline
#elif defined(_MSC_VER)
#define TAVLA_HOT_INLINE __forceinline
#else
#define TAVLA_HOT_INLINE inline
#endif

TAVLA_HOT_INLINE bool MoveGenerator::step(std::uint32_t& occupied, int from, int die) {
    std::int8_t* mover = work_.mover();
    const int to = from - die;
    if (--mover[from] == 0) occupied &= ~(1u << from);
    hash_ += kWeights.w[to > 0 ? to : kOff] - kWeights.w[from];
    if (to <= 0) {
        ++mover[kOff];
        return false;
    }
    ++mover[to];
    occupied |= 1u << to;
    // Whether a move hits is as good as random: no branch on it. The mask, all ones on a hit,
    // is 0 - hit: MSVC warns about (and with /sdl rejects) a minus sign before an unsigned.
    std::int8_t& target = work_.opponent()[kBar - to];
    const bool hit = target == 1;
    target = std::int8_t(target - hit);
    work_.opponent()[kBar] = std::int8_t(work_.opponent()[kBar] + hit);
    hash_ += kWeights.w[kHitWeight] & (0 - std::uint64_t(hit));
    return hit;
}

TAVLA_HOT_INLINE void MoveGenerator::unstep(int from, int die, bool hit) {
    std::int8_t* mover = work_.mover();
    const int to = from - die;
    ++mover[from];
    hash_ -= kWeights.w[to > 0 ? to : kOff] - kWeights.w[from];
    if (to <= 0) {
        --mover[kOff];
        return;
    }
    --mover[to];
    work_.opponent()[kBar - to] = std::int8_t(work_.opponent()[kBar - to] + hit);
    work_.opponent()[kBar] = std::int8_t(work_.opponent()[kBar] - hit);
    hash_ -= kWeights.w[kHitWeight] & (0 - std::uint64_t(hit));
}

// Doubles: up to four moves of one die. Moves are taken in non-increasing order of their
// starting point, which reaches each multiset of starting points once, and different
// multisets never reach the same result, so no result needs the table. Proof: take the
// highest point where two multisets differ. The moves that land there start `die` points
// higher, where the two agree, so the one that starts more checkers from that point leaves
// fewer on it. (A checker borne off with a larger die also ends below where it started.)
void MoveGenerator::search_double(std::uint32_t occupied, int die, int depth, int max_from) {
    std::uint32_t candidates =
        depth < 4 ? movable(occupied, die) & ((2u << max_from) - 1) : 0;
    if (candidates == 0) {
        if (depth > 0 && uses_most_dice(depth)) store(depth, die);
        return;
    }
    do {
        const int from = highest_bit(candidates);
        candidates &= ~(1u << from);
        std::uint32_t after = occupied;
        const bool hit = step(after, from, die);
        path_[depth] = Move{std::int8_t(from), std::int8_t(std::max(0, from - die))};
        hit_mask_ |= int(hit) << depth;
        search_double(after, die, depth + 1, from);
        hit_mask_ &= ~(1 << depth);
        unstep(from, die, hit);
    } while (candidates != 0);
}

template <bool second_pass>
void MoveGenerator::search_pair(std::uint32_t occupied, int first, int second) {
    for (std::uint32_t candidates = movable(occupied, first); candidates != 0;) {
        const int from = highest_bit(candidates);
        candidates &= ~(1u << from);
        std::uint32_t after_first = occupied;
        const bool hit1 = step(after_first, from, first);
        path_[0] = Move{std::int8_t(from), std::int8_t(std::max(0, from - first))};
        std::uint32_t seconds = movable(after_first, second);
        if (seconds == 0) {
            hit_mask_ = hit1;
            if (uses_most_dice(1) && is_new_result()) store(1, first);
        }
        // Second pass: two moves of different checkers, neither entering nor bearing off,
        // were already found in the other order by the first pass; leave them out before
        // making them (the result list is unchanged). The checker that just landed moves
        // on from a point that was empty: that one is the same checker, and stays in.
        if constexpr (second_pass) {
            const std::uint32_t bearing_off = (2u << second) - 1;  // points 0..second
            const std::uint32_t landed_alone = (1u << std::max(0, from - first)) & ~occupied;
            const bool seen_before = from - first >= 1 && !(occupied >> kBar & 1);
            seconds &= (bearing_off | landed_alone) | (std::uint32_t(seen_before) - 1);
        }
        while (seconds != 0) {
            const int from2 = highest_bit(seconds);
            seconds &= ~(1u << from2);
            std::uint32_t after_second = after_first;
            const bool hit2 = step(after_second, from2, second);
            path_[1] = Move{std::int8_t(from2), std::int8_t(std::max(0, from2 - second))};
            hit_mask_ = hit1 | (hit2 << 1);
            if (uses_most_dice(2) && is_new_result()) store(2, 0);
            unstep(from2, second, hit2);
        }
        unstep(from, first, hit1);
    }
}

void MoveGenerator::append_results(std::vector<Board>& out) const {
    for (int i = 0; i < count_; ++i) out.push_back(plays_[std::size_t(i)].result);
}

int MoveGenerator::generate(const Board& board, int d1, int d2) {
    work_ = board;
    hash_ = board_hash(board);
    best_used_ = 0;
    hit_mask_ = 0;
    forget_results();
    blocked_ = blocked_mask(board.opponent());
    const std::uint32_t occupied = occupied_mask(board.mover());
    if (d1 == d2) {
        search_double(occupied, d1, 0, kBar);
    } else {
        search_pair<false>(occupied, d1, d2);
        search_pair<true>(occupied, d2, d1);
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
