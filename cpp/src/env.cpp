#include "tavla/env.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <string>
#include <utility>

#include "tavla/encoding.hpp"
#include "tavla/fault.hpp"
#include "tavla/play_order.hpp"
#include "tavla/position_id.hpp"

namespace tavla {
namespace {

bool power_of_two(int value) { return value >= 1 && (value & (value - 1)) == 0; }

bool valid_roll(Roll roll) {
    return (roll.d1 == 0 && roll.d2 == 0) ||
           (roll.d1 >= 1 && roll.d1 <= 6 && roll.d2 >= 1 && roll.d2 <= 6);
}

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }

// Whether the cube action `a` (an EnvCubeAction) is legal in `state`'s cube phase (not kPlay):
// the side on roll rolls or doubles (R18); an offer (a double, a beaver, a raccoon) is taken or
// dropped (R19), or answered by the next redouble where the rules allow it (R20). The action
// mask and EnvGame::action_fault both ask here.
bool cube_action_allowed(const PlayoutSpec& spec, const GameState& state, int a) {
    if (state.phase == CubePhase::kOffer)
        return a == int(EnvCubeAction::kRoll) || a == int(EnvCubeAction::kDouble);
    if (a == int(EnvCubeAction::kTake) || a == int(EnvCubeAction::kDrop)) return true;
    // The redouble that answers the offer: a beaver a double, a raccoon a beaver (none answers a
    // raccoon: redouble_answer_allowed is false then).
    const EnvCubeAction redouble =
        state.phase == CubePhase::kAnswer ? EnvCubeAction::kBeaver : EnvCubeAction::kRaccoon;
    return a == int(redouble) && redouble_answer_allowed(spec, state);
}

// Why the cube action `a`, not allowed (cube_action_allowed), is refused.
const char* cube_action_refusal(CubePhase phase, int a) {
    switch (phase) {
        case CubePhase::kOffer:
            return "before the roll the side on roll rolls or doubles (R18)";
        case CubePhase::kAnswer:
            return a == int(EnvCubeAction::kBeaver)
                       ? "no beaver here: money play with beavers only, within the maximum cube "
                         "(R20)"
                       : "a double is answered: take, drop or (where allowed) beaver (R19, R20)";
        case CubePhase::kBeaver:
            return a == int(EnvCubeAction::kRaccoon)
                       ? "no raccoon here: money play with raccoons only, within the maximum "
                         "cube (R20)"
                       : "a beaver is answered: take, drop or (where allowed) raccoon (R20)";
        default:
            return "a raccoon is answered: take or drop (R20)";
    }
}

}  // namespace

int EnvSpec::inputs() const { return encoding < 0 ? 0 : encoding_inputs(Encoding(encoding)); }

std::string EnvSpec::fault() const {
    if (max_plays < 1 || max_plays > kMaxPlays)
        return "max_plays must be 1 to " + std::to_string(kMaxPlays);
    if (encoding >= kEncodings) return "no such encoding";
    if (afterstates && (moves || encoding < 0))
        return "afterstates need whole-play actions and an encoding";
    for (int s = 0; s < 2; ++s) {
        const SeatKind kind = seats[std::size_t(s)];
        if (kind == SeatKind::kBuiltin && builtin[std::size_t(s)] == nullptr)
            return seat_name(s) + " is built in but has no policy";
        if (kind == SeatKind::kBuiltin && cube && rules.policies[std::size_t(s)] == nullptr)
            return seat_name(s) + " is built in but has no cube policy";
        if (rules.match_length > 0 && rules.policies[std::size_t(s)] != nullptr &&
            rules.met == nullptr)
            return "a built-in cube policy in a match needs the match equity table";
    }
    if (!cube && rules.max_cube != 1) return "without the cube the cube stays at 1";
    return "";
}

PlayoutSpec EnvGame::playout() const {
    PlayoutSpec spec = playout_;
    spec.cube = &rules_;
    return spec;
}

RunOutput EnvGame::output() { return RunOutput{&result_, &cube_result_, &match_}; }

void EnvGame::reset(const EnvSpec& spec, const EnvStart& start, std::uint64_t seed,
                    std::int64_t stream) {
    const std::string board_fault = playable_board_error(start.board);
    if (!board_fault.empty()) throw Fault("the start position: " + board_fault);
    if (start.opening && start.board != Board::initial())
        throw Fault("an opening roll starts from the starting position (R4, R5)");
    if (start.on_roll < 0 || start.on_roll > 1) throw Fault("the seat on roll is 0 or 1");
    if (!valid_roll(start.roll)) throw Fault("dice are 1 to 6");
    if (start.opening && start.roll.d1 != 0)
        throw Fault("the opening roll is rolled: give a position to play a given roll");
    const CubeSpec& rules = spec.rules;
    if (!power_of_two(start.cube) || start.cube > std::max(1, rules.max_cube))
        throw Fault(spec.cube ? "the cube is a power of two up to the maximum cube (R19)"
                              : "this environment plays without the cube: it stays at 1");
    if (start.owner < -1 || start.owner > 1 || (start.cube == 1) != (start.owner == -1))
        throw Fault("a cube of 1 is centred, a higher one owned by a seat (R18, R19)");
    const int length = rules.match_length;
    for (int score : start.score)
        if (score < 0 || (length > 0 && score >= length) || (length == 0 && score != 0))
            throw Fault(length > 0 ? "each score is 0 to the match length - 1: a match still on"
                                   : "money play has no score");
    const bool one_away = length > 1 && (start.score[0] == length - 1 || start.score[1] == length - 1);
    const bool both = length > 1 && start.score[0] == length - 1 && start.score[1] == length - 1;
    if (start.crawford_game && (!rules.crawford_rule || !one_away || both))
        throw Fault("the Crawford game needs the Crawford rule and exactly one side one point "
                    "away (R24)");
    if ((start.crawford_game || length == 1) && start.cube != 1)
        throw Fault("no doubling in the Crawford game or a 1-point match: the cube is 1 (R24)");
    if (start.double_offered && start.roll.d1 != 0)
        throw Fault("a double is offered before the roll (R18), yet dice are given");

    rules_ = rules;
    rules_.whole_matches = length > 0;
    rules_.score = start.score;
    rules_.crawford_game = start.crawford_game;
    rules_.start_cube = start.cube;
    rules_.start_owner = start.owner;
    rules_.first_offer = true;
    playout_ = PlayoutSpec();
    playout_.start = start.board;
    playout_.opening = start.opening;
    playout_.seed = seed;
    playout_.first_game = stream;
    result_ = GameOutcome();
    cube_result_ = CubeOutcome();
    match_.winner = -1;
    match_.score = {0, 0};
    match_.games.clear();  // keeps its memory for the next episode
    games_seen_ = 0;
    last_game_ = PlayedGame();

    state_ = begin_unit(playout(), 0);
    if (!start.opening && start.on_roll == 1) {
        state_.mover_policy = 1;
        state_.result.first = 1;
        begin_turn(playout(), state_);
    }
    if (start.double_offered) {
        if (state_.phase != CubePhase::kOffer)
            throw Fault("the side on roll may not double here (R18, R19, R24), so no double "
                        "can be pending");
        state_.phase = CubePhase::kAnswer;
        state_.cube_result.doubler = std::int8_t(state_.mover_policy);
    }
    given_ = start.roll;
    if (given_.d1 != 0) state_.phase = CubePhase::kPlay;  // rolled: the cube waits a turn
    turn_started_ = false;
    moves_ = false;
    over_ = false;
    last_actor_ = -1;
}

int EnvGame::to_act() const {
    if (over_) return -1;
    return state_.phase == CubePhase::kPlay ? state_.mover_policy : chooser(state_);
}

void EnvGame::advance(const EnvSpec& spec, MoveGenerator& gen) {
    while (!over_) {
        if (state_.phase != CubePhase::kPlay) {
            const int seat = chooser(state_);
            const CubePolicy* policy = rules_.policies[std::size_t(seat)];
            if (spec.seats[std::size_t(seat)] == SeatKind::kLearner || policy == nullptr) return;
            const int choice = builtin_cube_choice(playout(), state_, *policy);
            end_if(apply_cube(playout(), 0, state_, choice, output()), seat);
            continue;
        }
        if (turn_started_) return;
        start_turn(spec, gen);
    }
}

void EnvGame::start_turn(const EnvSpec& spec, MoveGenerator& gen) {
    const Roll roll = given_.d1 != 0 ? given_ : roll_dice(playout(), state_);
    const int count = gen.generate(state_.board, roll.d1, roll.d2);
    const int seat = state_.mover_policy;
    const SeatKind kind = spec.seats[std::size_t(seat)];
    if (kind == SeatKind::kLearner && !spec.moves && count > spec.max_plays)
        throw Fault("the roll " + std::to_string(roll.d1) + "-" + std::to_string(roll.d2) +
                    " has " + std::to_string(count) + " legal plays in " +
                    position_id(state_.board) + ", more than max_plays = " +
                    std::to_string(spec.max_plays) + " (at most " + std::to_string(kMaxPlays) +
                    " can be needed)");
    given_ = Roll{0, 0};
    roll_ = roll;
    if (kind == SeatKind::kBuiltin || (kind == SeatKind::kExternal && count == 1)) {
        int chosen = 0;
        if (count > 1) {
            const std::uint64_t entropy = draw(state_.policy_key, std::uint64_t(state_.result.plies));
            chosen = spec.builtin[std::size_t(seat)]->choose(state_.board, gen, entropy);
        }
        play(gen.play(chosen).result, seat);
        return;
    }
    turn_started_ = true;
    moves_ = kind == SeatKind::kLearner && spec.moves;
    plays_.clear();
    if (moves_) {
        turn_.begin(state_.board, roll, gen);
        return;
    }
    if (kind == SeatKind::kExternal) {
        gen.append_results(plays_);
        return;
    }
    sort_plays(gen, count);
}

// plays_ = the generator's results in Position.legal_plays order. Most rolls have a few dozen
// plays: those are sorted on the stack by insertion, the rest in order_.
void EnvGame::sort_plays(const MoveGenerator& gen, int count) {
    using Entry = std::pair<std::uint64_t, int>;
    constexpr int kOnStack = 64;
    Entry stack[kOnStack];
    Entry* order = stack;
    if (count > kOnStack) {
        order_.resize(std::size_t(count));
        order = order_.data();
    }
    for (int i = 0; i < count; ++i) order[i] = Entry{notation_order(gen.play(i)), i};
    if (count > kOnStack) {
        std::sort(order, order + count, std::greater<>());
    } else {
        for (int i = 1; i < count; ++i) {
            const Entry entry = order[i];
            int j = i;
            for (; j > 0 && order[j - 1].first < entry.first; --j) order[j] = order[j - 1];
            order[j] = entry;
        }
    }
    plays_.resize(std::size_t(count));
    for (int i = 0; i < count; ++i) plays_[std::size_t(i)] = gen.play(order[i].second).result;
}

void EnvGame::play(const Board& after, int actor) {
    turn_started_ = false;
    moves_ = false;
    end_if(apply_play(playout(), 0, state_, after, output()), actor);
}

void EnvGame::end_if(bool unit_over, int actor) {
    last_actor_ = actor;
    if (match_.games.size() > games_seen_) {  // a game of the match ended
        games_seen_ = match_.games.size();
        last_game_ = match_.games.back();
    }
    if (!unit_over) return;
    over_ = true;
    turn_started_ = false;
    if (rules_.match_length == 0) last_game_ = PlayedGame{result_, cube_result_};
}

double EnvGame::outcome(int seat) const {
    if (!over_) return 0.0;
    if (rules_.match_length > 0) return match_.winner == seat ? 1.0 : -1.0;
    const double points = last_game_.cube.points;
    return last_game_.game.winner == seat ? points : -points;
}

const char* EnvGame::action_fault(const EnvSpec& spec, std::int64_t action) const {
    if (over_) return "the episode is over: reset it";
    if (spec.seats[std::size_t(to_act())] != SeatKind::kLearner) return "no learner is to act";
    if (action < 0 || action >= spec.actions()) return "no such action";
    const std::int64_t cube_base = spec.play_actions();
    if (state_.phase != CubePhase::kPlay) {
        const int a = int(action - cube_base);
        return cube_action_allowed(playout(), state_, a) ? nullptr
                                                         : cube_action_refusal(state_.phase, a);
    }
    if (action >= cube_base) return "the dice are rolled: a play is due, not a cube action";
    if (moves_)
        return turn_.allowed(int(action)) ? nullptr
                                          : "this move does not lead to a legal play (R7-R13)";
    if (action >= std::int64_t(plays_.size())) return "no legal play has this index";
    return nullptr;
}

void EnvGame::act(const EnvSpec& spec, std::int64_t action) {
    if (const char* fault = action_fault(spec, action)) throw Fault(fault);
    const int seat = to_act();
    if (state_.phase != CubePhase::kPlay) {
        const auto a = EnvCubeAction(action - spec.play_actions());
        int choice;
        switch (state_.phase) {
            case CubePhase::kOffer:
                choice = int(a == EnvCubeAction::kDouble);
                break;
            case CubePhase::kAnswer:
                choice = int(a == EnvCubeAction::kTake    ? CubeAnswer::kTake
                             : a == EnvCubeAction::kDrop ? CubeAnswer::kDrop
                                                      : CubeAnswer::kBeaver);
                break;
            case CubePhase::kBeaver:
                choice = int(a == EnvCubeAction::kTake    ? BeaverAnswer::kTake
                             : a == EnvCubeAction::kDrop ? BeaverAnswer::kDrop
                                                      : BeaverAnswer::kRaccoon);
                break;
            default:
                choice = int(a == EnvCubeAction::kTake);
        }
        end_if(apply_cube(playout(), 0, state_, choice, output()), seat);
        return;
    }
    if (moves_) {
        if (turn_.apply(int(action))) play(turn_.board(), seat);
        return;
    }
    play(plays_[std::size_t(action)], seat);
}

void EnvGame::external_play(int index) { play(plays_[std::size_t(index)], state_.mover_policy); }

CubeQuestion EnvGame::external_question() const {
    const CubeSituation situation = cube_situation(playout(), state_);
    return CubeQuestion{std::int32_t(state_.phase), situation.value, std::int32_t(situation.owner),
                        situation.away, situation.opponent_away,
                        std::int32_t(redouble_answer_allowed(playout(), state_))};
}

void EnvGame::external_cube(int choice) {
    const int seat = chooser(state_);
    end_if(apply_cube(playout(), 0, state_, choice, output()), seat);
}

Board EnvGame::position() const {
    const int viewer = over_ ? 1 - last_actor_ : to_act();
    const Board& b = board();
    return viewer == state_.mover_policy ? b : b.swapped();
}

int EnvGame::dice_left(std::int8_t* out) const {
    std::fill(out, out + 4, std::int8_t(0));
    if (!turn_started_) return 0;
    if (moves_) return turn_.dice_left(out);
    const int high = std::max(roll_.d1, roll_.d2), low = std::min(roll_.d1, roll_.d2);
    const int count = high == low ? 4 : 2;
    out[0] = std::int8_t(high);
    for (int k = 1; k < count; ++k) out[k] = std::int8_t(low);
    return count;
}

void EnvGame::observe(const EnvSpec& spec, int seat, const EnvObservation& out) const {
    const bool acting = !over_ && to_act() == seat;
    const Board view = state_.mover_policy == seat ? board() : board().swapped();
    if (out.board) std::memcpy(out.board, view.side.data(), sizeof(Board));
    if (out.dice) {
        out.dice[0] = std::int8_t(turn_started_ ? roll_.d1 : 0);
        out.dice[1] = std::int8_t(turn_started_ ? roll_.d2 : 0);
    }
    if (out.dice_left) dice_left(out.dice_left);
    if (out.cube) {
        out.cube[0] = state_.cube;
        out.cube[1] = state_.cube_owner < 0 ? 0 : state_.cube_owner == seat ? 1 : 2;
        out.cube[2] = state_.phase == CubePhase::kAnswer    ? 1
                      : state_.phase == CubePhase::kBeaver  ? 2
                      : state_.phase == CubePhase::kRaccoon ? 3
                                                            : 0;
        if (over_) out.cube[2] = 0;
    }
    if (out.match) {
        const int length = rules_.match_length;
        out.match[0] = length;
        out.match[1] = length > 0 ? std::max(0, length - state_.score[std::size_t(seat)]) : 0;
        out.match[2] = length > 0 ? std::max(0, length - state_.score[std::size_t(1 - seat)]) : 0;
        out.match[3] = std::int32_t(state_.crawford_game);
    }
    const int plays = !turn_started_ ? 0 : moves_ ? turn_.plays() : int(plays_.size());
    if (out.plays) out.plays[0] = plays;
    if (out.mask) {
        std::memset(out.mask, 0, std::size_t(spec.actions()));
        if (acting && state_.phase != CubePhase::kPlay) {
            std::int8_t* cube = out.mask + spec.play_actions();
            const PlayoutSpec playout_spec = playout();
            for (int a = 0; a < kCubeActions; ++a)
                cube[a] = std::int8_t(cube_action_allowed(playout_spec, state_, a));
        } else if (acting && moves_) {
            const auto& mask = turn_.mask();
            for (int a = 0; a < kMoveActions; ++a) out.mask[a] = std::int8_t(mask[std::size_t(a)]);
        } else if (acting) {
            std::memset(out.mask, 1, plays_.size());
        }
    }
    const int inputs = spec.inputs();
    if (out.encoded && inputs > 0) encode_dense(Encoding(spec.encoding), view, out.encoded);
    if (out.afterstates && inputs > 0 && spec.afterstates) {
        const int rows = acting && turn_started_ && !moves_ ? int(plays_.size()) : 0;
        for (int i = 0; i < rows; ++i)
            encode_dense(Encoding(spec.encoding), plays_[std::size_t(i)].swapped(),
                         out.afterstates + std::size_t(i) * std::size_t(inputs));
        std::fill(out.afterstates + std::size_t(rows) * std::size_t(inputs),
                      out.afterstates + std::size_t(spec.max_plays) * std::size_t(inputs), 0.0f);
    }
}

}  // namespace tavla
