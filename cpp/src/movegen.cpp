#include "tavla/movegen.hpp"

#include <algorithm>
#include <cstring>

// On x86 with GCC or Clang the search is compiled a second time for processors with the lzcnt
// and popcnt instructions, chosen at run time (bit_instructions.hpp): the bit scans and counts
// of the baseline build take a fifth of the time.
#include "bit_instructions.hpp"
#include "movegen_rows.hpp"
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

namespace {

using namespace movegen_rows;

// Where generate() puts its plays: with their moves and hits.
class RecordSink {
public:
    static constexpr bool kMoves = true;
    static constexpr bool kChecksBoard = false;
    explicit RecordSink(PlayRecord* plays) : plays_(plays) {}
    void store(int index, const Rows& rows, const std::array<Move, 4>& path, int used, int hits) {
        PlayRecord& rec = plays_[index];
        rows.write(rec.result.mover(), rec.result.opponent());
        rec.moves = path;
        rec.n_moves = std::uint8_t(used);
        rec.hit_mask = std::uint8_t(hits);
    }
    bool holds(int index, const Rows& rows) const {
        const Board& result = plays_[index].result;
        return Rows::of(result.mover(), result.opponent()) == rows;
    }
    void copy(int to, int from) { plays_[to] = plays_[from]; }

protected:
    PlayRecord* plays_;
};

// Where generate_results(board, d1, d2) puts its plays: their results only.
class ResultRecordSink : public RecordSink {
public:
    static constexpr bool kMoves = false;
    using RecordSink::RecordSink;
    void store(int index, const Rows& rows, const std::array<Move, 4>&, int, int) {
        Board& result = plays_[index].result;
        rows.write(result.mover(), result.opponent());
    }
    void copy(int to, int from) { plays_[to].result = plays_[from].result; }
};

// Where generate_results() puts its results: the caller's boards, swapped. Its boards come
// from outside, and are checked as the search reads them.
class ResultSink {
public:
    static constexpr bool kMoves = false;
    static constexpr bool kChecksBoard = true;
    explicit ResultSink(Board* out) : out_(out) {}
    void store(int index, const Rows& rows, const std::array<Move, 4>&, int, int) {
        Board& result = out_[index];
        rows.write(result.opponent(), result.mover());
    }
    bool holds(int index, const Rows& rows) const {
        const Board& result = out_[index];
        return Rows::of(result.opponent(), result.mover()) == rows;
    }
    void copy(int to, int from) { out_[to] = out_[from]; }

private:
    Board* out_;
};

}  // namespace

// One generation, its state in local variables: the compiler keeps them in registers, where
// members of the generator would be read again after every result written. With
// `bit_instructions`, it runs only inside a function compiled for lzcnt and popcnt.
template <class Sink, bool bit_instructions>
class MoveGenerator::Search {
public:
    Search(MoveGenerator& gen, Sink sink) : gen_(gen), sink_(sink), stamp_(gen.stamp_) {}

    TAVLA_HOT_INLINE int run(const Board& board, int d1, int d2) {
        const Rows rows = Rows::of(board.mover(), board.opponent());
        const std::uint32_t held = rows.opponent_above(0);
        const std::uint32_t occupied = rows.occupied();
        if constexpr (Sink::kChecksBoard) {
            const bool over =
                board.mover()[kOff] == kCheckers || board.opponent()[kOff] == kCheckers;
            if (over || !rows.valid(occupied, held)) return -1;
        }
        next_stamp();
        blocked_ = rows.opponent_above(1);  // R10, for the whole turn: a hit takes only one checker
        const std::uint32_t blots = held & ~blocked_;
        if (d1 == d2) {
            search_double<0>(rows, occupied, blots << d1, 0, d1, kBar);
        } else {
            search_pair<false>(rows, occupied, blots, 0, d1, d2);
            search_pair<true>(rows, occupied, blots, 0, d2, d1);
            if (best_used_ == 1) keep_larger_die(std::max(d1, d2));
        }
        if (count_ == 0) store(rows, 0, 0);  // no checker moves: the board as it was
        gen_.stamp_ = stamp_;
        return count_;
    }

private:
    // The starting points from which one checker may move `die` pips now (R10, R12, R13): the
    // fast twin of single_move_fault(), the two must agree.
    TAVLA_HOT_INLINE std::uint32_t movable(std::uint32_t occupied, int die) const {
        std::uint32_t from = occupied & ~(blocked_ << die);
        const std::uint32_t home_and_off = (2u << die) - 2;  // points 1..die: bearing off
        // Most often: a checker outside the home board (so none bears off) and none on the bar.
        constexpr std::uint32_t kOutside = 1u << 7;
        if (occupied - kOutside < (1u << kBar) - kOutside) return from & ~home_and_off;
        if (occupied == 0) return 0;
        if (occupied >> kBar & 1) return (blocked_ >> (kBar - die) & 1) ? 0 : 1u << kBar;
        const std::uint32_t bearing = from & home_and_off;
        from &= ~home_and_off;
        const int highest = highest_bit(occupied);
        if (highest <= 6) {
            from |= bearing & (1u << die);             // exact
            if (highest < die) from |= 1u << highest;  // larger die, highest point
        }
        return from;
    }

    // Doubles: up to four moves of one die. Moves are taken in non-increasing order of their
    // starting point, which reaches each multiset of starting points once, and different
    // multisets never reach the same result, so no result needs the table. Proof: take the
    // highest point where two multisets differ. The moves that land there start `die` points
    // higher, where the two agree, so the one that starts more checkers from that point leaves
    // fewer on it. (A checker borne off with a larger die also ends below where it started.)
    // `hitting`: bit f set when a move from point f lands on a blot (blots shifted by the die).
    template <int depth>
    TAVLA_HOT_INLINE void search_double(const Rows& rows, std::uint32_t occupied,
                                        std::uint32_t hitting, int hits, int die, int max_from) {
        std::uint32_t candidates = movable(occupied, die) & ((2u << max_from) - 1);
        if (candidates == 0) {
            if (depth > 0 && uses_most_dice(depth)) store(rows, depth, hits);
            return;
        }
        if constexpr (depth == 3) {
            uses_most_dice(4);  // for every play below: four moves are the most
            // The last moves, where most results are made: those that cannot hit need no
            // work on the opponent's row.
            if ((candidates & hitting) == 0)
                store_last_moves<false>(rows, candidates, hitting, hits, die);
            else
                store_last_moves<true>(rows, candidates, hitting, hits, die);
        } else {
            const std::uint32_t singles = rows.singles();
            do {
                const unsigned from = unsigned(highest_bit(candidates));
                candidates &= ~(1u << from);
                Rows after = rows;
                const std::uint32_t hit = after.step(hitting, from, die);
                if constexpr (Sink::kMoves) path_[depth] = move_of(from, die);
                search_double<depth + 1>(after, occupied_after(occupied, singles, from, die),
                                         hitting & ~(hit << from), hits | int(hit) << depth, die,
                                         int(from));
            } while (candidates != 0);
        }
    }

    // The mover's occupied points after a checker moves `die` pips from `from`, without
    // reading them from the row again: that read waits for the move's additions, and the
    // search, for it, to know which way it goes (the doubles' search takes a tenth less time).
    // `singles`: the points where the mover had one checker.
    static std::uint32_t occupied_after(std::uint32_t occupied, std::uint32_t singles,
                                        unsigned from, int die) {
        const std::uint32_t start = 1u << from;
        return (occupied & ~(singles & start)) | (start >> die & ~1u);  // bit 0: off
    }

    // Taken lowest point first, each written to its place in the highest-first order: taking
    // the highest point first makes each move wait for the bit scan of the one before.
    template <bool may_hit>
    TAVLA_HOT_INLINE void store_last_moves(const Rows& rows, std::uint32_t candidates,
                                           std::uint32_t hitting, int hits, int die) {
        const int last = count_ + bits_set<bit_instructions>(candidates) - 1;
        if (last >= kCapacity) throw Fault("more distinct plays than MoveGenerator holds");
        for (int index = last; candidates != 0; --index) {
            const unsigned from = unsigned(lowest_bit(candidates));
            candidates &= candidates - 1;
            Rows after = rows;
            std::uint32_t hit = 0;
            if constexpr (may_hit)
                hit = after.step(hitting, from, die);
            else
                after.move(from, die);
            if constexpr (Sink::kMoves) path_[3] = move_of(from, die);
            sink_.store(index, after, path_, 4, hits | int(hit) << 3);
        }
        count_ = last + 1;
    }

    static Move move_of(unsigned from, int die) {
        return Move{std::int8_t(from), std::int8_t(std::max(0, int(from) - die))};
    }

    template <bool second_pass>
    TAVLA_HOT_INLINE void search_pair(const Rows& rows, std::uint32_t occupied,
                                      std::uint32_t blots, std::uint64_t hash, int first,
                                      int second) {
        for (std::uint32_t candidates = movable(occupied, first); candidates != 0;) {
            const unsigned from = unsigned(highest_bit(candidates));
            candidates &= ~(1u << from);
            const int to = std::max(0, int(from) - first);
            Rows after_first = rows;
            const std::uint32_t hit1 = after_first.step(blots << first, from, first);
            const std::uint32_t blots_first = blots & ~(hit1 << to);
            const std::uint64_t hash_first = hash + moved_hash(first, from, hit1);
            if constexpr (Sink::kMoves) path_[0] = move_of(from, first);
            std::uint32_t seconds = movable(after_first.occupied(), second);
            if (seconds == 0 && uses_most_dice(1) && is_new_result(after_first, hash_first)) {
                store(after_first, 1, int(hit1));
                gen_.die_used_[std::size_t(count_ - 1)] = std::uint8_t(first);
            }
            // Second pass: two moves of different checkers, neither entering nor bearing off,
            // were already found in the other order by the first pass; leave them out before
            // making them (the result list is unchanged). The checker that just landed moves
            // on from a point that was empty: that one is the same checker, and stays in.
            if constexpr (second_pass) {
                const std::uint32_t bearing_off = (2u << second) - 1;  // points 0..second
                const std::uint32_t landed_alone = (1u << to) & ~occupied;
                const bool seen_before = to >= 1 && !(occupied >> kBar & 1);
                seconds &= (bearing_off | landed_alone) | (std::uint32_t(seen_before) - 1);
            }
            while (seconds != 0) {
                const unsigned from2 = unsigned(highest_bit(seconds));
                seconds &= ~(1u << from2);
                Rows after = after_first;
                const std::uint32_t hit2 = after.step(blots_first << second, from2, second);
                if constexpr (Sink::kMoves) path_[1] = move_of(from2, second);
                if (uses_most_dice(2) &&
                    is_new_result(after, hash_first + moved_hash(second, from2, hit2)))
                    store(after, 2, int(hit1) | int(hit2) << 1);
            }
        }
    }

    static std::uint64_t moved_hash(int die, int from, std::uint32_t hit) {
        return kMoves.hash[die][from] + (kWeights.w[kHitWeight] & (0 - std::uint64_t(hit)));
    }

    // R9: when only one die can be played, the larger one must be if it can.
    void keep_larger_die(int larger) {
        const std::uint8_t* die_used = gen_.die_used_.data();
        bool larger_playable = false;
        for (int i = 0; i < count_; ++i) larger_playable |= die_used[i] == larger;
        if (!larger_playable) return;
        int kept = 0;
        for (int i = 0; i < count_; ++i)
            if (die_used[i] == larger) sink_.copy(kept++, i);
        count_ = kept;
    }

    TAVLA_HOT_INLINE bool uses_most_dice(int used) {
        if (used < best_used_) return false;
        if (used > best_used_) {
            best_used_ = used;
            next_stamp();
        }
        return true;
    }

    // Forgets the results found so far.
    void next_stamp() {
        count_ = 0;
        if (++stamp_ == 1u << (32 - kIndexBits)) {  // the stamp wrapped: clear the table once
            gen_.table_.fill(0);
            stamp_ = 1;
        }
    }

    TAVLA_HOT_INLINE bool is_new_result(const Rows& rows, std::uint64_t hash) {
        constexpr std::uint32_t kIndexMask = (1u << kIndexBits) - 1;
        std::uint32_t* table = gen_.table_.data();
        std::size_t slot = std::size_t((hash * 0x9E3779B97F4A7C15ull) >> 40) & (kTableSize - 1);
        for (std::uint32_t entry; (entry = table[slot]) >> kIndexBits == stamp_;
             slot = (slot + 1) & (kTableSize - 1)) {
            if (sink_.holds(int(entry & kIndexMask), rows)) return false;
        }
        table[slot] = stamp_ << kIndexBits | std::uint32_t(count_);
        return true;
    }

    TAVLA_HOT_INLINE void store(const Rows& rows, int used, int hits) {
        if (count_ == kCapacity) throw Fault("more distinct plays than MoveGenerator holds");
        sink_.store(count_, rows, path_, used, hits);
        ++count_;
    }

    MoveGenerator& gen_;
    Sink sink_;
    std::uint32_t stamp_;
    std::uint32_t blocked_ = 0;  // bit p: the mover's point p is blocked
    int best_used_ = 0;
    int count_ = 0;
    std::array<Move, 4> path_{};  // the moves of the play being searched
};

MoveGenerator::MoveGenerator() { table_.fill(0); }

#if !defined(TAVLA_BIT_INSTRUCTIONS_DISPATCH)
#define TAVLA_BIT_INSTRUCTIONS
#endif

template <class Sink>
TAVLA_BIT_INSTRUCTIONS int MoveGenerator::search_with_bit_instructions(Sink sink,
                                                                       const Board& board, int d1,
                                                                       int d2) {
    return Search<Sink, true>(*this, sink).run(board, d1, d2);
}

template <class Sink>
int MoveGenerator::search(Sink sink, const Board& board, int d1, int d2) {
#if defined(TAVLA_BIT_INSTRUCTIONS_DISPATCH)
    static const bool bit_instructions = has_bit_instructions();
    if (bit_instructions) return search_with_bit_instructions(sink, board, d1, d2);
#endif
    return Search<Sink, false>(*this, sink).run(board, d1, d2);
}

int MoveGenerator::generate(const Board& board, int d1, int d2) {
    plays_count_ = search(RecordSink(plays_.data()), board, d1, d2);
    return plays_count_;
}

int MoveGenerator::generate_results(const Board& board, int d1, int d2) {
    plays_count_ = search(ResultRecordSink(plays_.data()), board, d1, d2);
    return plays_count_;
}

int MoveGenerator::generate_results(const Board& board, int d1, int d2, Board* out) {
    return search(ResultSink(out), board, d1, d2);
}

void MoveGenerator::append_results(std::vector<Board>& out) const {
    for (int i = 0; i < plays_count_; ++i) out.push_back(plays_[std::size_t(i)].result);
}

}  // namespace tavla
