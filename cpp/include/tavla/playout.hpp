// Whole games (docs/simulation.rst): from a position or from the opening roll
// until a side has borne off all 15 (R15), scored single, gammon or backgammon (R16); with a
// CubeSpec, played with the doubling cube (R18-R22), as money games or whole matches (R23,
// R24). Two entry points share one game loop: run_games plays built-in policies on many
// threads; Lockstep advances a batch of games together and hands every choice of an external
// policy (a Python callable) out as one array of candidates or cube questions.
//
// A run plays *units* numbered 0, 1, ...: a unit is one game, or with CubeSpec::whole_matches
// one match. Unit u is the same wherever it is played: its dice, seats and rotated rolls
// follow its number (below).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "tavla/board.hpp"
#include "tavla/cube_policy.hpp"
#include "tavla/evaluator.hpp"
#include "tavla/movegen.hpp"
#include "tavla/policy.hpp"
#include "tavla/rng.hpp"
#include "tavla/rules.hpp"

namespace tavla {

// Cube play: the rules, the match, the cube the first game starts with, and the cube policies.
// Scores and owners are by policy index (0 = a, 1 = b), not by seat.
struct CubeSpec {
    std::array<const CubePolicy*, 2> policies{};  // null: the policy is external (Lockstep)
    int match_length = 0;       // 0: money play (R26); N: a match to N points (R23)
    bool whole_matches = false; // a unit is a match played to its end, not one game
    std::array<int, 2> score{}; // the match score when a unit starts
    bool crawford_game = false; // the unit's first game is the Crawford game (R24)
    bool crawford_rule = true;  // R24
    bool holland = false;       // R25, whole matches only (its wait counts a game's turns)
    bool jacoby = false;        // R22, money play
    bool beavers = false;       // R20, money play
    bool raccoons = false;      // R20, money play with beavers
    bool backgammons = true;    // R16
    int max_cube = kMaxCubeValue;   // R19
    int start_cube = 1;         // the first game's cube value and owner (-1 centred, else a
    int start_owner = -1;       // policy), for rollouts; a match's later games start centred at 1
    bool first_offer = true;    // from `start` without an opening roll: the side on roll may
                                // double before its first roll (no double before an opening
                                // roll, which is played at once, R5)
    const MatchEquity* met = nullptr;  // match play: what the model cube policies read
    double luck_cube_life = 0.68;  // the cube life of the cube model that values positions
                                   // (variance reduction, stopped games: luck.hpp)
    // Single games stopped unfinished (truncate, exact_stop): what gives the cubeless
    // probabilities the cube model values the stop by (luck.hpp), at 0-ply; a stop at an
    // exact cubeful bear-off in money play takes the database's cubeful value instead.
    const Search* stop_search = nullptr;
};

// Variance reduction's lookahead at 0-ply values each roll by the best of the plays pubeval
// ranks this high among the roll's plays (docs/simulation.rst "Variance reduction").
constexpr int kLuckKeep = 4;

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
    // Non-null: a game also stops unfinished once the position on roll is one this evaluator
    // values exactly (the bear-off database where it is exact).
    const Evaluator* exact_stop = nullptr;
    // With exact_stop: stop wherever it applies, not only where it is exact (the bear-off
    // database once both sides are home, valued by its one-sided race approximation where the
    // two-sided table does not reach: GNU Backgammon's truncation at its one-sided database).
    bool stop_one_sided = false;
    Board* final_boards = nullptr;  // a game stopped unfinished: its last board goes at [g]
    const CubeSpec* cube = nullptr;  // cube play; null: cubeless
    // Rollouts: the luck of every roll (luck.hpp) is summed per unit into RunOutput's luck
    // (cubeless) or cube_luck (with the cube); every policy is then a SearchPolicy whose
    // search has an evaluator, and makes its plays as it would without.
    bool variance_reduction = false;
    // The lookahead of 0-ply policies values each roll by the best of its plays that pubeval
    // ranks this high (Search::lookahead_choices; 0: every play).
    int luck_keep = kLuckKeep;
};

// Game i (numbered first_game + g for the run's game g, so that a run split in parts plays
// the same games) uses dice stream i (i / 2 when duplicate). Seat 0 holds policy a, seat 1
// policy b, except in odd games when `alternate`. With rotate >= 1 the roll of ply 0 is outcome
// (stream mod 36) of the 36 ordered rolls; with rotate == 2 the roll of ply 1 is outcome
// ((stream / 36) mod 36): every 36 (1296) consecutive streams see each first roll (pair of
// first rolls) exactly once. Other rolls are draw `ply` of the stream's key (rng.hpp). Game j
// of a match (j >= 1) uses the same stream number under the seed match_game_seed(seed, j)
// (rng.hpp), starts from R4 with an opening roll and is not rotated. Cube actions draw no dice.
//
// How a game played by the core ended, by policy (not by seat, nor by player as the Python
// tavla.GameResult): one row of a run's results.
struct GameOutcome {
    std::int8_t winner = -1;  // 0 = policy a, 1 = policy b; -1 while unfinished
    std::int8_t kind = 0;     // 1 single, 2 gammon, 3 backgammon (R16)
    std::int8_t first = -1;   // the policy that made the first play
    std::int8_t on_roll = -1; // a game stopped unfinished: the policy on roll at the stop
    std::int32_t plies = 0;   // plays made, forced passes included

    bool done() const { return winner >= 0 || on_roll >= 0; }
};

// What a game played with the cube adds to its GameOutcome (whose kind is 1 for a drop).
struct CubeOutcome {
    std::int32_t cube = 0;     // the value it was scored at (a drop: before the double); > 0
    std::int32_t points = 0;   // what the winner scored (R16, R19, R22)
    std::int8_t owner = -1;    // the cube's owner at the end: a policy, -1 centred
    std::int8_t doubler = -1;  // the policy that made the last double, -1 for none
    std::int8_t dropped = -1;  // the policy that dropped a double (or beaver), -1 for none
    std::int8_t crawford = 0;  // 1: the game was the Crawford game (R24)
};

// A game played with the cube: how it ended, and its cube.
struct PlayedGame {
    GameOutcome game;
    CubeOutcome cube;
};

// A whole match (CubeSpec::whole_matches): its games in order, and the end.
struct PlayedMatch {
    std::int8_t winner = -1;          // the policy that reached the length (R23)
    std::array<std::int32_t, 2> score{};  // the final score (points beyond the length kept)
    std::vector<PlayedGame> games;
};

// Where the cube stands before a roll (cube play). kOffer: the side on roll may double now;
// kAnswer: it has doubled and its opponent answers; kBeaver: the opponent has beavered and the
// doubler answers; kRaccoon: the doubler has raccooned and the beaverer answers (R20); kPlay:
// the cube is settled for this turn.
enum class CubePhase : std::int8_t { kOffer, kAnswer, kBeaver, kRaccoon, kPlay };

// One game in progress, and with cube play the unit it belongs to.
struct GameState {
    Board board;             // seen from the side on roll
    int mover_policy = 0;    // the policy on roll: 0 = a, 1 = b
    std::int64_t stream = 0;
    std::uint64_t dice_key = 0;
    std::uint64_t policy_key = 0;
    GameOutcome result;
    // Cube play.
    bool swapped = false;          // the policies change seats in this unit (alternate)
    int game_in_unit = 0;          // j: game j of a match
    std::int32_t cube = 1;         // the cube's value (the value before a pending double)
    int cube_owner = -1;           // a policy, -1 centred
    bool cube_turned = false;      // a double was taken in this game (R22)
    CubePhase phase = CubePhase::kPlay;
    CubeOutcome cube_result;
    std::array<int, 2> score{};    // the match score before this game, by policy
    bool crawford_game = false;    // this game is the Crawford game (R24)
    bool crawford_done = false;    // the Crawford game has come (this one or before)
    // Variance reduction: the luck of the rolls so far, from policy a's side.
    Probabilities luck{};
    double cube_luck = 0;
};

GameState begin_game(const PlayoutSpec& spec, std::int64_t game);

// The roll of the state's current ply.
Roll roll_dice(const PlayoutSpec& spec, const GameState& state);

// Makes the play whose result (seen from the mover) is `after`; ends the game when the mover
// has borne off all 15, or stops it when it has reached spec.truncate plies or a position
// spec.exact_stop values exactly (its last board then goes to spec.final_boards[game]).
// Returns true when the game is done.
bool make_play(const PlayoutSpec& spec, std::int64_t game, GameState& state, const Board& after);

// The result (seen from the mover) of the play `policy` makes for the mover of `state` with
// `roll`, its dice in the order they came; `generator` is the caller's scratch.
Board policy_play(const GameState& state, Roll roll, const Policy& policy,
                  MoveGenerator& generator);

// One step of a recorded unit (RunOutput::steps): a play with its roll and the position it left
// (seen from the policy that moved), or a cube action. A match's games follow one another; a
// game ends with the play that bears off its last checker or with a drop.
enum class StepKind : std::int8_t { kPlay, kDouble, kTake, kDrop, kBeaver, kRaccoon };

struct Step {
    StepKind kind = StepKind::kPlay;
    std::int8_t policy = 0;  // who acted: 0 = a, 1 = b
    Roll roll{};             // a play's roll (an opening roll: seat 0's die first)
    Board after{};           // a play's result
};

// Where a run's results go, by unit: games[u] (a one-game unit), cubes[u] (its cube, with cube
// play), matches[u] (a whole match), and, only when asked, steps[u] (the unit's steps in order;
// a run that does not ask records nothing). Only the arrays the run fills are set.
struct RunOutput {
    GameOutcome* games = nullptr;
    CubeOutcome* cubes = nullptr;
    PlayedMatch* matches = nullptr;
    std::vector<Step>* steps = nullptr;
    Probabilities* luck = nullptr;  // with variance_reduction, cubeless: luck[u]
    double* cube_luck = nullptr;    // with variance_reduction and the cube: cube_luck[u]
    // With the cube, a game stopped unfinished: its value for policy a (luck.hpp's unit).
    double* stop_values = nullptr;
};

// The cube play of one unit, step by step (Lockstep answers external policies with these).
GameState begin_unit(const PlayoutSpec& spec, std::int64_t unit);
// Whether the side on roll may double now (R18, R19, R24): not before a game's opening roll,
// which is played at once (R5), nor before the first roll of a rollout's no-double line.
bool may_double(const PlayoutSpec& spec, const GameState& state);
// The side on roll's situation for the cube model, before any double of this turn.
CubeSituation cube_situation(const PlayoutSpec& spec, const GameState& state);
// Whether a beaver (kAnswer) or a raccoon (kBeaver) is an allowed answer now (rules.hpp's
// redouble_allowed: money play with the option, the cube not beyond max_cube after it).
bool beaver_allowed(const PlayoutSpec& spec, const GameState& state);
bool raccoon_allowed(const PlayoutSpec& spec, const GameState& state);
// Whether the question the state's phase asks allows the redouble: a beaver answering a double
// (kAnswer), a raccoon answering a beaver (kBeaver); false in other phases.
bool redouble_answer_allowed(const PlayoutSpec& spec, const GameState& state);
// Applies a cube choice in the state's phase: kOffer: `choice` 1 doubles, 0 does not; kAnswer: a
// CubeAnswer; kBeaver: a BeaverAnswer; kRaccoon: 1 takes, 0 drops. A taken raccoon leaves the
// cube at eight times its value, the raccooner's (R20). Returns true when the unit is finished
// (a drop that ended a money game or a match); a finished game of an unfinished match starts
// the next.
bool apply_cube(const PlayoutSpec& spec, std::int64_t unit, GameState& state, int choice,
                const RunOutput& out);
// Makes the play `after` (seen from the mover); returns true when the unit is finished.
bool apply_play(const PlayoutSpec& spec, std::int64_t unit, GameState& state, const Board& after,
                const RunOutput& out);
// Sets the phase of the turn that starts: kOffer when the side on roll may double now (R18,
// R19, R24), else kPlay.
void begin_turn(const PlayoutSpec& spec, GameState& state);
// The policy whose choice the state waits for: the doubler offers and answers a beaver, its
// opponent answers a double or a raccoon; the mover plays.
int chooser(const GameState& state);
// The choice of a built-in cube policy in the state's cube phase (apply_cube's numbering).
int builtin_cube_choice(const PlayoutSpec& spec, const GameState& state, const CubePolicy& policy);

// Plays units 0..units-1 into `out` on `threads` threads (the calling thread is one of them),
// in chunks of `chunk` units. After each chunk it plays, and every 50 ms within a policy's
// search (check_stop, stop.hpp), the calling thread calls `between_chunks(units_finished)`;
// when that returns false the run stops: no chunk is started, and a game in a search stops at
// its next check. Returns n: units 0..n-1 are finished (the chunks done from the first, a
// prefix). Results do not depend on threads or chunk. Every policy and cube policy is built in.
std::int64_t run_units(const PlayoutSpec& spec, const std::array<const Policy*, 2>& policies,
                       std::int64_t units, int threads, int chunk, const RunOutput& out,
                       const std::function<bool(std::int64_t)>& between_chunks);

// run_units for cubeless games into out[0..games-1].
std::int64_t run_games(const PlayoutSpec& spec, const std::array<const Policy*, 2>& policies,
                       std::int64_t games, int threads, int chunk, GameOutcome* out,
                       const std::function<bool(std::int64_t)>& between_chunks);

// A cube question waiting for an external cube policy, about the position before the
// doubler's roll (the doubler on roll): kind 0 (does it double?), 1 (its opponent's answer), 2
// (the doubler's answer to a beaver) or 3 (the beaverer's answer to a raccoon); the doubler's
// cube value before the double, the owner from the doubler's side (0 centred, 1 the doubler, 2
// its opponent), the away scores of the doubler and its opponent (0 in money play), and whether
// a redouble is allowed as the answer: a beaver to kind 1, a raccoon to kind 2.
struct CubeQuestion {
    std::int32_t kind;
    std::int32_t cube;
    std::int32_t owner;
    std::int32_t away;
    std::int32_t opponent_away;
    std::int32_t beaver;
};

// The highest choice a question takes: 2 (the redouble) for kinds 1 and 2 where it is allowed,
// else 1; kCubeChoices says what the choices are, for messages.
std::int64_t highest_cube_choice(const CubeQuestion& question);
extern const char* const kCubeChoices;

// Units advanced together for external policies. Policy p is built-in when builtin[p] (and with
// cube play its cube policy) is set; otherwise its choices go to external slot `slot[p]` (0 or
// 1; both policies may share a slot when they are the same callable). Up to `batch` units are
// in play at a time; a finished one is replaced by the next unit number, so results do not
// depend on `batch`.
class Lockstep {
public:
    Lockstep(const PlayoutSpec& spec, const std::array<const Policy*, 2>& builtin,
             const std::array<int, 2>& slot, std::int64_t units, int batch, const RunOutput& out);
    // Cubeless games into out[0..games-1].
    Lockstep(const PlayoutSpec& spec, const std::array<const Policy*, 2>& builtin,
             const std::array<int, 2>& slot, std::int64_t games, int batch, GameOutcome* out);

    // Plays every unit in play up to its next choice by an external policy: a play among two or
    // more, or a cube question. Returns false when every unit is finished (nothing waits).
    bool advance();

    // The candidates waiting in `slot`: results of every legal play, seen by the opponent
    // (rows swapped), games one after another; offsets(slot) has one more entry than the
    // number of waiting games.
    const std::vector<Board>& candidates(int slot) const { return candidates_[slot]; }
    const std::vector<std::int64_t>& offsets(int slot) const { return offsets_[slot]; }
    // The position before each waiting turn, seen by the side on roll.
    const std::vector<Board>& positions(int slot) const { return positions_[slot]; }
    // The cube questions waiting in `slot`, and their positions (the doubler on roll).
    const std::vector<CubeQuestion>& cube_questions(int slot) const {
        return cube_questions_[slot];
    }
    const std::vector<Board>& cube_positions(int slot) const { return cube_positions_[slot]; }

    // Makes, in every game waiting in `slot`, the play with the highest score (the first one
    // on a tie). `scores` has one entry per candidate.
    void apply(int slot, const double* scores);
    // Answers every cube question of `slot` (CubeQuestion's kinds: 1 doubles / 0 not; 0 take,
    // 1 drop, 2 beaver; 1 takes the beaver / 0 drops / 2 raccoons; 1 takes the raccoon / 0
    // drops); a Fault for a choice out of range, and
    // then nothing is applied.
    void apply_cube(int slot, const std::int64_t* choices);

    // Units finished so far (not necessarily a prefix).
    std::int64_t finished() const { return finished_; }

private:
    void finish(int active_index);

    PlayoutSpec spec_;
    std::array<const Policy*, 2> builtin_;
    std::array<int, 2> slot_;
    std::int64_t units_;
    std::int64_t next_unit_ = 0;
    std::int64_t finished_ = 0;
    RunOutput out_;

    std::vector<GameState> active_;
    std::vector<std::int64_t> active_unit_;
    std::array<std::vector<Board>, 2> candidates_;
    std::array<std::vector<std::int64_t>, 2> offsets_;
    std::array<std::vector<Board>, 2> positions_;
    std::array<std::vector<int>, 2> waiting_;  // active indices, in candidate order
    std::array<std::vector<Board>, 2> cube_positions_;
    std::array<std::vector<CubeQuestion>, 2> cube_questions_;
    std::array<std::vector<int>, 2> cube_waiting_;
    MoveGenerator gen_;
};

}  // namespace tavla
