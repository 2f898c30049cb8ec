// One environment of the RL environments (docs/environments.rst): a game, or a whole match
// game after game, between two seats. A seat is a learner (its decisions are actions given
// from outside, one per step), a built-in policy played here, or an external policy asked in
// lockstep batches (vector_env.hpp). The rules are the playout engine's (playout.hpp): its
// dice streams, cube phases, scoring (R16, R19, R22) and matches (R23, R24).
//
// Actions of a learner: whole plays (the index into the roll's legal plays in notation order,
// play_order.hpp, 0..max_plays-1) or single moves (turn_moves.hpp, 0..155); with the cube,
// then kCubeActions more: roll (no double), double, take, drop, beaver, raccoon.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "tavla/board.hpp"
#include "tavla/movegen.hpp"
#include "tavla/playout.hpp"
#include "tavla/policy.hpp"
#include "tavla/rng.hpp"
#include "tavla/turn_moves.hpp"

namespace tavla {

// The most distinct legal plays a roll can have, so the whole-play actions never run out: a
// play is fixed by how many steps each checker makes (the hits and where each checker ends
// follow), checkers on one point being alike. A double moves four steps: a multiset of 4 of
// the 15 checkers, C(18, 4) = 3,060 ways at most; two different dice move one checker each
// or one checker twice, either die first: 15 * 14 + 2 * 15 = 240.
constexpr int kMaxPlays = 3060;

enum class EnvCubeAction : std::int8_t {
    kRoll = 0,
    kDouble = 1,
    kTake = 2,
    kDrop = 3,
    kBeaver = 4,
    kRaccoon = 5
};
constexpr int kCubeActions = 6;

enum class SeatKind : std::int8_t { kLearner = 0, kBuiltin = 1, kExternal = 2 };

// What every environment of a set shares.
struct EnvSpec {
    bool moves = false;         // the learners' actions are single moves, not whole plays
    int max_plays = kMaxPlays;  // whole plays: the play actions 0..max_plays-1
    bool cube = false;          // the learners' actions include the cube's
    CubeSpec rules;             // the rules and the match (whole_matches: an episode is a match);
                                // rules.policies[s]: seat s's cube policy, null when not built in
    std::array<SeatKind, 2> seats{SeatKind::kLearner, SeatKind::kLearner};
    std::array<const Policy*, 2> builtin{};  // the play policy of a built-in seat
    int encoding = -1;          // the observation's encoded inputs (Encoding), -1 for none
    bool afterstates = false;   // whole plays with an encoding: the inputs of every candidate

    int play_actions() const { return moves ? kMoveActions : max_plays; }
    int actions() const { return play_actions() + (cube ? kCubeActions : 0); }
    int inputs() const;
    // Why the spec cannot be played ("" when it can).
    std::string fault() const;
};

// Where an episode starts; seats, not sides on roll, own the cube and the score.
struct EnvStart {
    Board board = Board::initial();  // seen from the seat on roll
    bool opening = true;             // an R5 opening roll decides who starts (and is played)
    int on_roll = 0;                 // the seat on roll when not `opening`
    Roll roll{0, 0};                 // its first roll when given (0, 0: rolled)
    int cube = 1;
    int owner = -1;                  // a seat, -1 centred
    std::array<int, 2> score{};      // by seat, match play
    bool crawford_game = false;
    bool double_offered = false;     // the seat on roll has doubled, the other answers
};

// The observation of one seat, written by EnvGame::observe into these buffers (null ones are
// skipped). Its layout is documented in tavla.env.spaces.
struct EnvObservation {
    std::int8_t* board = nullptr;      // (2, 26), from the seat
    std::int8_t* dice = nullptr;       // (2,), the roll or 0 0
    std::int8_t* dice_left = nullptr;  // (4,), highest first, 0 after
    std::int32_t* cube = nullptr;      // (3,): value, owner (0 centred, 1 the seat, 2 the other),
                                       // offered (0 no, 1 a double, 2 a beaver, 3 a raccoon
                                       // awaits an answer)
    std::int32_t* match = nullptr;     // (4,): length, the seat's and the other's away, Crawford
    std::int32_t* plays = nullptr;     // (1,): the roll's legal plays, 0 before the roll
    std::int8_t* mask = nullptr;       // (actions,): 1 for the seat's legal actions
    float* encoded = nullptr;          // (inputs,)
    float* afterstates = nullptr;      // (max_plays, inputs): candidate i's result, seen by the
                                       // other side as a net reads it, zeros past the plays
};

class EnvGame {
public:
    // Starts an episode drawing its dice from stream `stream` of `seed` (as playout unit
    // `stream` of a run with that seed). The start is checked; a Fault says what is wrong.
    void reset(const EnvSpec& spec, const EnvStart& start, std::uint64_t seed,
               std::int64_t stream);

    // Plays on (built-in seats, dice) until a learner or an external seat must decide or the
    // episode is over.
    void advance(const EnvSpec& spec, MoveGenerator& gen);

    bool over() const { return over_; }
    // The seat that must decide now, -1 once over.
    int to_act() const;
    bool waits_for_learner(const EnvSpec& spec) const {
        return !over_ && spec.seats[std::size_t(to_act())] == SeatKind::kLearner;
    }
    bool waits_for_external(const EnvSpec& spec) const {
        return !over_ && spec.seats[std::size_t(to_act())] == SeatKind::kExternal;
    }
    bool in_cube_phase() const { return state_.phase != CubePhase::kPlay; }

    // Why the learner to act may not take `action` now, or nullptr when it may.
    const char* action_fault(const EnvSpec& spec, std::int64_t action) const;
    // Takes a legal action of the learner to act; advance() plays on.
    void act(const EnvSpec& spec, std::int64_t action);

    // An external seat's play: the candidates are plays() (results seen from the mover).
    void external_play(int index);
    // An external seat's cube question (playout.hpp's CubeQuestion) and its answer.
    CubeQuestion external_question() const;
    void external_cube(int choice);

    // The legal results of the roll being played, seen from the mover: in notation order for
    // a learner with whole plays, in the generator's order for an external seat.
    const std::vector<Board>& plays() const { return plays_; }

    void observe(const EnvSpec& spec, int seat, const EnvObservation& out) const;

    // The board seen from the seat to act; once over, from the seat that did not act last.
    Board position() const;
    // The board as the side on roll sees it (mid-turn: the moves made so far).
    const Board& board() const { return turn_started_ && moves_ ? turn_.board() : state_.board; }
    bool rolled() const { return turn_started_; }
    Roll roll() const { return roll_; }
    // The dice still to play in out[0..3], highest first; returns their count.
    int dice_left(std::int8_t* out) const;
    // Once over: seat s's reward, the points it won or lost (money play), or 1 / -1 for the
    // match.
    double outcome(int seat) const;
    // The last game finished (its winner, kind, cube and points), for one seat's info.
    const PlayedGame& last_game() const { return last_game_; }
    const GameState& state() const { return state_; }

private:
    PlayoutSpec playout() const;  // playout_ with its cube
    RunOutput output();
    void finished_game();
    void end_if(bool unit_over, int actor);
    void start_turn(const EnvSpec& spec, MoveGenerator& gen);
    void play(const Board& after, int actor);
    void sort_plays(const MoveGenerator& gen, int count);

    PlayoutSpec playout_;
    CubeSpec rules_;  // what playout() points playout_.cube to (an EnvGame copies as a value)
    GameState state_;
    GameOutcome result_;
    CubeOutcome cube_result_;
    PlayedMatch match_;
    PlayedGame last_game_;
    std::size_t games_seen_ = 0;

    Roll given_{0, 0};          // the start's first roll, until played
    bool turn_started_ = false; // the turn's dice are rolled and its plays known
    bool moves_ = false;        // this turn is played move by move (a learner with moves)
    Roll roll_{0, 0};
    std::vector<Board> plays_;
    std::vector<std::pair<std::uint64_t, int>> order_;  // sort_plays' room for many plays
    MoveTurn turn_;
    bool over_ = false;
    int last_actor_ = -1;
};

}  // namespace tavla
