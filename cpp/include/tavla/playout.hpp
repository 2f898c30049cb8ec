// Whole cubeless games (DESIGN.md "Playouts, rollouts, duels"): from a position or from the
// opening roll until a side has borne off all 15 (R15), scored single, gammon or backgammon
// (R16). Two entry points share one game loop: run_games plays built-in policies on many
// threads; Lockstep advances a batch of games together and hands every choice of an external
// policy (a Python callable) out as one array of candidates.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "tavla/board.hpp"
#include "tavla/movegen.hpp"
#include "tavla/policy.hpp"
#include "tavla/rng.hpp"

namespace tavla {

// What every game of a run shares. Policies are called "a" (index 0) and "b" (index 1).
struct PlayoutSpec {
    Board start = Board::initial();  // seen from seat 0, which is on roll unless `opening`
    bool opening = false;   // start with an R5 "standard" opening roll (for the R4 start)
    std::uint64_t seed = 0;
    int rotate = 0;         // 0, 1 or 2: the rolls of the first plies are stratified (below)
    std::int64_t first_game = 0;  // the run's game g is game first_game + g (below)
    bool duplicate = false; // games 2k and 2k + 1 share dice stream k
    bool alternate = false; // in odd-numbered games the policies change seats
    int truncate = 0;       // > 0: a game still on after this many plies stops unfinished
    Board* final_boards = nullptr;  // with truncate: where game g's last board goes, at [g]
};

// Game i (numbered first_game + g for the run's game g, so that a run split in parts plays
// the same games) uses dice stream i (i / 2 when duplicate). Seat 0 holds policy a, seat 1
// policy b, except in odd games when `alternate`. With rotate >= 1 the roll of ply 0 is outcome
// (stream mod 36) of the 36 ordered rolls; with rotate == 2 the roll of ply 1 is outcome
// ((stream / 36) mod 36): every 36 (1296) consecutive streams see each first roll (pair of
// first rolls) exactly once. Other rolls are draw `ply` of the stream's key (rng.hpp).
struct GameResult {
    std::int8_t winner = -1;  // 0 = policy a, 1 = policy b; -1 while unfinished
    std::int8_t kind = 0;     // 1 single, 2 gammon, 3 backgammon (R16)
    std::int8_t first = -1;   // the policy that made the first play
    std::int8_t on_roll = -1; // a game stopped by `truncate`: the policy on roll at the stop
    std::int32_t plies = 0;   // plays made, forced passes included

    bool done() const { return winner >= 0 || on_roll >= 0; }
};

// One game in progress.
struct GameState {
    Board board;             // seen from the side on roll
    int mover_policy = 0;    // the policy on roll: 0 = a, 1 = b
    std::int64_t stream = 0;
    std::uint64_t dice_key = 0;
    std::uint64_t policy_key = 0;
    GameResult result;
};

GameState begin_game(const PlayoutSpec& spec, std::int64_t game);

// The roll of the state's current ply.
Roll roll_dice(const PlayoutSpec& spec, const GameState& state);

// Makes the play whose result (seen from the mover) is `after`; ends the game when the mover
// has borne off all 15, or stops it when it has reached spec.truncate plies (its last board
// then goes to spec.final_boards[game]). Returns true when the game is done.
bool make_play(const PlayoutSpec& spec, std::int64_t game, GameState& state, const Board& after);

// Plays game `game` to its end (or to spec.truncate plies) with built-in policies.
GameResult play_game(const PlayoutSpec& spec, std::int64_t game,
                     const std::array<const Policy*, 2>& policies, MoveGenerator& gen);

// Plays games 0..games-1 into out[0..games-1] on `threads` threads (the calling thread is one
// of them), in chunks of `chunk` games. After each chunk it plays, and every 50 ms within a
// policy's search (check_stop, stop.hpp), the calling thread calls
// `between_chunks(games_finished_so_far)`; when that returns false the run stops: no chunk is
// started, and a game in a search stops at its next check. Returns n: games 0..n-1 are finished
// (the chunks done from the first, a prefix). Results do not depend on threads or chunk.
std::int64_t run_games(const PlayoutSpec& spec, const std::array<const Policy*, 2>& policies,
                       std::int64_t games, int threads, int chunk, GameResult* out,
                       const std::function<bool(std::int64_t)>& between_chunks);

// Games advanced together for external policies. Policy p is built-in when builtin[p] is set;
// otherwise its choices go to external slot `slot[p]` (0 or 1; both policies may share a slot
// when they are the same callable). Up to `batch` games are in play at a time; a finished one
// is replaced by the next game number, so results do not depend on `batch`.
class Lockstep {
public:
    Lockstep(const PlayoutSpec& spec, const std::array<const Policy*, 2>& builtin,
             const std::array<int, 2>& slot, std::int64_t games, int batch, GameResult* out);

    // Plays every game in play up to its next choice among two or more plays by an external
    // policy. Returns false when every game is finished (nothing waits).
    bool advance();

    // The candidates waiting in `slot`: results of every legal play, seen by the opponent
    // (rows swapped), games one after another; offsets(slot) has one more entry than the
    // number of waiting games.
    const std::vector<Board>& candidates(int slot) const { return candidates_[slot]; }
    const std::vector<std::int64_t>& offsets(int slot) const { return offsets_[slot]; }
    // The position before each waiting turn, seen by the side on roll.
    const std::vector<Board>& positions(int slot) const { return positions_[slot]; }

    // Makes, in every game waiting in `slot`, the play with the highest score (the first one
    // on a tie). `scores` has one entry per candidate.
    void apply(int slot, const double* scores);

    // Games finished so far (not necessarily a prefix).
    std::int64_t finished() const { return finished_; }

private:
    bool start_next(int active_index);

    PlayoutSpec spec_;
    std::array<const Policy*, 2> builtin_;
    std::array<int, 2> slot_;
    std::int64_t games_;
    std::int64_t next_game_ = 0;
    std::int64_t finished_ = 0;
    GameResult* out_;

    std::vector<GameState> active_;
    std::vector<std::int64_t> active_game_;
    std::array<std::vector<Board>, 2> candidates_;
    std::array<std::vector<std::int64_t>, 2> offsets_;
    std::array<std::vector<Board>, 2> positions_;
    std::array<std::vector<int>, 2> waiting_;  // active indices, in candidate order
    MoveGenerator gen_;
};

}  // namespace tavla
