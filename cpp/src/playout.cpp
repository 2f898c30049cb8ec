#include "tavla/playout.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "tavla/fault.hpp"
#include "tavla/luck.hpp"
#include "tavla/stop.hpp"
#include "workers.hpp"

namespace tavla {

GameState begin_game(const PlayoutSpec& spec, std::int64_t game) {
    GameState state;
    game += spec.first_game;  // dice, rotation and seats follow the number in the sequence
    state.stream = spec.duplicate ? game / 2 : game;
    state.dice_key = stream_key(spec.seed, std::uint64_t(state.stream));
    state.policy_key = policy_key(spec.seed, std::uint64_t(state.stream));
    state.board = spec.start;
    state.swapped = spec.alternate && (game % 2 == 1);
    int seat_on_roll = 0;
    if (spec.opening) {
        const Roll opening = opening_roll_of_bits(draw(state.dice_key, 0));
        seat_on_roll = opening.d1 > opening.d2 ? 0 : 1;
    }
    state.mover_policy = seat_on_roll ^ int(state.swapped);
    state.result.first = std::int8_t(state.mover_policy);
    return state;
}

Roll roll_dice(const PlayoutSpec& spec, const GameState& state) {
    const int ply = state.result.plies;
    const bool later_game = state.game_in_unit > 0;  // of a match: R4 and an opening roll
    if (ply == 0 && (spec.opening || later_game))
        return opening_roll_of_bits(draw(state.dice_key, 0));
    if (ply < spec.rotate && !later_game) {
        std::int64_t index = state.stream;
        for (int i = 0; i < ply; ++i) index /= 36;
        return roll_of_index(int(index % 36));
    }
    return roll_of_bits(draw(state.dice_key, std::uint64_t(ply)));
}

bool make_play(const PlayoutSpec& spec, std::int64_t game, GameState& state, const Board& after) {
    ++state.result.plies;
    if (after.side[0][kOff] == kCheckers) {
        state.board = after;
        state.result.winner = std::int8_t(state.mover_policy);
        state.result.kind = std::int8_t(result_kind(after.opponent()));
        return true;
    }
    state.board = after.swapped();
    state.mover_policy ^= 1;
    const bool stop = spec.exact_stop != nullptr && spec.exact_stop->applies(state.board) &&
                      (spec.stop_one_sided || spec.exact_stop->exact(state.board));
    if (stop || (spec.truncate > 0 && state.result.plies >= spec.truncate)) {
        state.result.on_roll = std::int8_t(state.mover_policy);
        if (spec.final_boards != nullptr) spec.final_boards[game] = state.board;
        return true;
    }
    return false;
}

Board policy_play(const GameState& state, Roll roll, const Policy& policy,
                  MoveGenerator& generator) {
    const int count = generate_for(policy, generator, state.board, roll.d1, roll.d2);
    if (count == 1) return generator.play(0).result;
    const std::uint64_t entropy = draw(state.policy_key, std::uint64_t(state.result.plies));
    return generator.play(policy.choose(state.board, generator, entropy)).result;
}

bool may_double(const PlayoutSpec& spec, const GameState& state) {
    const CubeSpec& cube = *spec.cube;
    DoubleSituation situation;
    situation.match_length = cube.match_length;
    situation.score = state.score;
    situation.crawford_game = state.crawford_game;
    situation.crawford_rule = cube.crawford_rule;
    situation.holland = cube.holland;
    situation.cube_value = state.cube;
    situation.cube_owner = state.cube_owner;
    situation.max_cube = cube.max_cube;
    situation.fewest_turns_played = state.result.plies / 2;  // the sides alternate
    if (double_refusal(situation, state.mover_policy) != DoubleRefusal::kNone) return false;
    if (state.result.plies > 0) return true;
    return !spec.opening && state.game_in_unit == 0 && cube.first_offer;
}

void begin_turn(const PlayoutSpec& spec, GameState& state) {
    state.phase = spec.cube != nullptr && may_double(spec, state) ? CubePhase::kOffer
                                                                  : CubePhase::kPlay;
}

namespace {

// Game j >= 1 of the match `state` belongs to, at the score the last game left.
GameState next_match_game(const PlayoutSpec& spec, const GameState& last) {
    const CubeSpec& cube = *spec.cube;
    GameState state;
    state.game_in_unit = last.game_in_unit + 1;
    state.stream = last.stream;
    const std::uint64_t seed = match_game_seed(spec.seed, std::uint64_t(state.game_in_unit));
    state.dice_key = stream_key(seed, std::uint64_t(state.stream));
    state.policy_key = policy_key(seed, std::uint64_t(state.stream));
    state.board = Board::initial();
    state.swapped = last.swapped;
    const Roll opening = opening_roll_of_bits(draw(state.dice_key, 0));
    state.mover_policy = (opening.d1 > opening.d2 ? 0 : 1) ^ int(state.swapped);
    state.result.first = std::int8_t(state.mover_policy);
    state.score = last.score;
    state.crawford_game = crawford_game_next(cube.crawford_rule, cube.match_length, state.score,
                                             last.crawford_done);
    state.crawford_done = last.crawford_done || state.crawford_game;
    begin_turn(spec, state);
    return state;
}

// Scores the game that just ended (R16, R19, R22) and records it; starts the next game of an
// unfinished match. Returns true when the unit is finished.
bool finish_game(const PlayoutSpec& spec, std::int64_t unit, GameState& state,
                 const RunOutput& out) {
    if (spec.cube == nullptr) {
        out.games[unit] = state.result;
        if (out.luck != nullptr) out.luck[unit] = state.luck;
        return true;
    }
    const CubeSpec& cube = *spec.cube;
    CubeOutcome& result = state.cube_result;
    if (state.result.winner < 0) {  // stopped unfinished: valued where it stopped
        result.cube = state.cube;
        result.owner = std::int8_t(state.cube_owner);
        result.crawford = std::int8_t(state.crawford_game);
        out.games[unit] = state.result;
        out.cubes[unit] = result;
        if (out.cube_luck != nullptr) out.cube_luck[unit] = state.cube_luck;
        if (out.stop_values != nullptr) out.stop_values[unit] = stopped_value(spec, state);
        return true;
    }
    if (result.dropped < 0) {
        const bool jacoby = cube.match_length == 0 && cube.jacoby && !state.cube_turned;
        result.cube = state.cube;
        result.points = std::int32_t(game_points(state.result.kind, state.cube, cube.backgammons,
                                                 jacoby));
    }
    result.owner = std::int8_t(state.cube_owner);
    result.crawford = std::int8_t(state.crawford_game);
    if (!cube.whole_matches) {
        out.games[unit] = state.result;
        out.cubes[unit] = result;
        if (out.cube_luck != nullptr) out.cube_luck[unit] = state.cube_luck;
        return true;
    }
    PlayedMatch& match = out.matches[unit];
    match.games.push_back({state.result, result});
    state.score[std::size_t(state.result.winner)] += result.points;
    if (state.score[std::size_t(state.result.winner)] >= cube.match_length) {
        match.winner = state.result.winner;
        match.score = {state.score[0], state.score[1]};
        return true;
    }
    state = next_match_game(spec, state);
    return false;
}

// A drop: the side `loser` passes, and the game ends at `points` single (R19).
bool end_by_drop(const PlayoutSpec& spec, std::int64_t unit, GameState& state, int loser,
                 std::int32_t points, const RunOutput& out) {
    state.result.winner = std::int8_t(1 - loser);
    state.result.kind = 1;
    state.cube_result.dropped = std::int8_t(loser);
    state.cube_result.cube = points;
    state.cube_result.points = points;
    return finish_game(spec, unit, state, out);
}

// The policies as searches, null for those that are none; variance reduction (luck.hpp) asks
// for two searches of an evaluator.
using Searches = std::array<const SearchPolicy*, 2>;

Searches searches_of(const PlayoutSpec& spec, const std::array<const Policy*, 2>& policies) {
    Searches searches{};
    for (std::size_t p = 0; p < 2; ++p)
        searches[p] = dynamic_cast<const SearchPolicy*>(policies[p]);
    if (!spec.variance_reduction) return searches;
    if (spec.cube != nullptr && spec.cube->whole_matches)
        throw Fault("variance reduction is for rollouts of single games, not whole matches");
    for (const SearchPolicy* search : searches)
        if (search == nullptr || !search->search().has_evaluator())
            throw Fault("variance reduction needs policies that search an evaluator (a net)");
    return searches;
}

// What a thread playing units reuses from one to the next.
struct Scratch {
    MoveGenerator gen;
    RollChoices choices;
    TurnMemo memo;
};

// The play the mover of `state` makes with `roll`: `memo`'s, or the policy's (kept in `memo`
// when given). `search` is the policy as a search, or null when it is none.
Board play_of(const GameState& state, Roll roll, const Policy& policy, const SearchPolicy* search,
              MoveGenerator& gen, TurnMemo* memo) {
    // Only a search that answers here chooses by the board and the dice alone (a fallback may
    // draw on the game's entropy).
    if (search == nullptr || !search->search().answers(state.board)) memo = nullptr;
    if (memo) {
        if (const Board* play = memo->play(state.mover_policy, state.board, roll)) return *play;
    }
    const Board play = policy_play(state, roll, policy, gen);
    if (memo) memo->keep_play(state.mover_policy, state.board, roll, play);
    return play;
}

// Plays unit `unit` to its end with built-in policies.
void play_unit(const PlayoutSpec& spec, std::int64_t unit,
               const std::array<const Policy*, 2>& policies, const Searches& searches,
               Scratch& scratch, const RunOutput& out) {
    GameState state = begin_unit(spec, unit);
    for (;;) {
        if (state.phase != CubePhase::kPlay) {
            const CubePolicy& policy = *spec.cube->policies[std::size_t(chooser(state))];
            if (apply_cube(spec, unit, state, builtin_cube_choice(spec, state, policy), out))
                return;
            continue;
        }
        const Roll roll = roll_dice(spec, state);
        TurnMemo* memo = state.result.plies < TurnMemo::kPlies ? &scratch.memo : nullptr;
        const SearchPolicy* search = searches[std::size_t(state.mover_policy)];
        const Board after =
            spec.variance_reduction
                ? lucky_play(spec, state, roll, *search, scratch.gen, scratch.choices, memo)
                : play_of(state, roll, *policies[std::size_t(state.mover_policy)], search,
                          scratch.gen, memo);
        if (apply_play(spec, unit, state, after, out)) return;
    }
}

}  // namespace

int builtin_cube_choice(const PlayoutSpec& spec, const GameState& state, const CubePolicy& policy) {
    const CubeSituation situation = cube_situation(spec, state);
    switch (state.phase) {
        case CubePhase::kOffer:
            return int(policy.doubles(state.board, situation));
        case CubePhase::kAnswer:
            return int(policy.answer(state.board, situation, beaver_allowed(spec, state)));
        case CubePhase::kBeaver:
            return int(policy.beaver_answer(state.board, situation, raccoon_allowed(spec, state)));
        default:
            return int(policy.takes_raccoon(state.board, situation));
    }
}

int chooser(const GameState& state) {
    const bool opponent = state.phase == CubePhase::kAnswer || state.phase == CubePhase::kRaccoon;
    return opponent ? 1 - state.mover_policy : state.mover_policy;
}

GameState begin_unit(const PlayoutSpec& spec, std::int64_t unit) {
    GameState state = begin_game(spec, unit);
    if (spec.cube == nullptr) return state;
    const CubeSpec& cube = *spec.cube;
    state.cube = cube.start_cube;
    state.cube_owner = cube.start_owner;
    state.cube_turned = cube.start_owner >= 0;
    state.score = cube.score;
    state.crawford_game = cube.crawford_game;
    // A unit started at a score one point away, not as the Crawford game, is post-Crawford.
    state.crawford_done = cube.crawford_game || crawford_game_next(cube.crawford_rule,
                                                                   cube.match_length, cube.score,
                                                                   false);
    begin_turn(spec, state);
    return state;
}

CubeSituation cube_situation(const PlayoutSpec& spec, const GameState& state) {
    const CubeSpec& cube = *spec.cube;
    CubeSituation s;
    s.value = state.cube;
    s.owner = state.cube_owner < 0                        ? CubeOwner::kCentred
              : state.cube_owner == state.mover_policy ? CubeOwner::kOnRoll
                                                         : CubeOwner::kOpponent;
    s.backgammons = cube.backgammons;
    s.max_cube = cube.max_cube;
    if (cube.match_length == 0) {
        s.jacoby = cube.jacoby;
        return s;
    }
    s.met = cube.met;
    s.away = cube.match_length - state.score[std::size_t(state.mover_policy)];
    s.opponent_away = cube.match_length - state.score[std::size_t(1 - state.mover_policy)];
    s.crawford_game = state.crawford_game;
    return s;
}

bool beaver_allowed(const PlayoutSpec& spec, const GameState& state) {
    const CubeSpec& cube = *spec.cube;
    return redouble_allowed(cube.match_length, cube.beavers, 4 * std::int64_t(state.cube),
                            cube.max_cube);
}

bool raccoon_allowed(const PlayoutSpec& spec, const GameState& state) {
    const CubeSpec& cube = *spec.cube;
    return redouble_allowed(cube.match_length, cube.beavers && cube.raccoons,
                            8 * std::int64_t(state.cube), cube.max_cube);
}

bool redouble_answer_allowed(const PlayoutSpec& spec, const GameState& state) {
    return state.phase == CubePhase::kAnswer   ? beaver_allowed(spec, state)
           : state.phase == CubePhase::kBeaver ? raccoon_allowed(spec, state)
                                               : false;
}

std::int64_t highest_cube_choice(const CubeQuestion& question) {
    const bool redouble = question.kind == int(CubePhase::kAnswer) ||
                          question.kind == int(CubePhase::kBeaver);
    return redouble ? 1 + question.beaver : 1;
}

const char* const kCubeChoices =
    "a double is offered 1 or not 0, answered 0 (take), 1 (drop) or, where allowed, 2 "
    "(beaver), a beaver taken 1, dropped 0 or, where allowed, raccooned 2, a raccoon taken 1 or "
    "dropped 0";

namespace {

// Records a cube action of unit `unit`, when the run keeps its steps.
void record_cube(const RunOutput& out, std::int64_t unit, StepKind kind, int policy) {
    if (out.steps != nullptr) out.steps[unit].push_back({kind, std::int8_t(policy), {}, {}});
}

// The step a cube choice makes in `phase` (the doubler is `doubler`), if it makes one.
void record_choice(const RunOutput& out, std::int64_t unit, CubePhase phase, int choice,
                   int doubler) {
    if (out.steps == nullptr) return;
    if (phase == CubePhase::kOffer && choice == 1) {
        record_cube(out, unit, StepKind::kDouble, doubler);
    } else if (phase == CubePhase::kAnswer) {
        const StepKind kind = choice == int(CubeAnswer::kDrop)     ? StepKind::kDrop
                              : choice == int(CubeAnswer::kBeaver) ? StepKind::kBeaver
                                                                   : StepKind::kTake;
        record_cube(out, unit, kind, 1 - doubler);
    } else if (phase == CubePhase::kBeaver) {
        const StepKind kind = choice == int(BeaverAnswer::kDrop)   ? StepKind::kDrop
                              : choice == int(BeaverAnswer::kTake) ? StepKind::kTake
                                                                   : StepKind::kRaccoon;
        record_cube(out, unit, kind, doubler);
    } else if (phase == CubePhase::kRaccoon) {
        record_cube(out, unit, choice ? StepKind::kTake : StepKind::kDrop, 1 - doubler);
    }
}

// apply_cube without the record.
bool apply_cube_choice(const PlayoutSpec& spec, std::int64_t unit, GameState& state, int choice,
                       const RunOutput& out) {
    const int doubler = state.mover_policy;
    switch (state.phase) {
        case CubePhase::kOffer:
            if (choice != 0 && choice != 1) throw Fault("a double is answered 0 (no) or 1 (yes)");
            state.phase = choice ? CubePhase::kAnswer : CubePhase::kPlay;
            if (choice) state.cube_result.doubler = std::int8_t(doubler);
            return false;
        case CubePhase::kAnswer:
            if (choice == int(CubeAnswer::kDrop))
                return end_by_drop(spec, unit, state, 1 - doubler, state.cube, out);
            if (choice == int(CubeAnswer::kBeaver) && beaver_allowed(spec, state)) {
                state.phase = CubePhase::kBeaver;
                return false;
            }
            if (choice != int(CubeAnswer::kTake))
                throw Fault("a double is answered 0 (take), 1 (drop) or, where beavers are "
                            "allowed, 2 (beaver)");
            state.cube *= 2;
            break;
        case CubePhase::kBeaver:
            if (choice == int(BeaverAnswer::kRaccoon) && raccoon_allowed(spec, state)) {
                state.phase = CubePhase::kRaccoon;
                return false;
            }
            if (choice != int(BeaverAnswer::kDrop) && choice != int(BeaverAnswer::kTake))
                throw Fault("a beaver is answered 0 (drop), 1 (take) or, where raccoons are "
                            "allowed, 2 (raccoon)");
            if (!choice) return end_by_drop(spec, unit, state, doubler, 2 * state.cube, out);
            state.cube *= 4;
            break;
        case CubePhase::kRaccoon:
            if (choice != 0 && choice != 1)
                throw Fault("a raccoon is answered 0 (drop) or 1 (take)");
            if (!choice) return end_by_drop(spec, unit, state, 1 - doubler, 4 * state.cube, out);
            state.cube *= 8;
            state.cube_owner = doubler;  // the raccooner keeps the cube (R20)
            state.cube_turned = true;
            state.phase = CubePhase::kPlay;
            return false;
        case CubePhase::kPlay:
            throw Fault("no cube action is pending");
    }
    state.cube_owner = 1 - doubler;
    state.cube_turned = true;
    state.phase = CubePhase::kPlay;
    return false;
}

}  // namespace

bool apply_cube(const PlayoutSpec& spec, std::int64_t unit, GameState& state, int choice,
                const RunOutput& out) {
    const CubePhase phase = state.phase;
    const int doubler = state.mover_policy;
    const bool finished = apply_cube_choice(spec, unit, state, choice, out);
    record_choice(out, unit, phase, choice, doubler);  // once the choice is known to be valid
    return finished;
}

bool apply_play(const PlayoutSpec& spec, std::int64_t unit, GameState& state, const Board& after,
                const RunOutput& out) {
    if (out.steps != nullptr)
        out.steps[unit].push_back(
            {StepKind::kPlay, std::int8_t(state.mover_policy), roll_dice(spec, state), after});
    if (make_play(spec, unit, state, after)) return finish_game(spec, unit, state, out);
    begin_turn(spec, state);
    return false;
}

std::int64_t run_units(const PlayoutSpec& spec, const std::array<const Policy*, 2>& policies,
                       std::int64_t units, int threads, int chunk, const RunOutput& out,
                       const std::function<bool(std::int64_t)>& between_chunks) {
    const Searches searches = searches_of(spec, policies);
    chunk = std::max(1, chunk);
    const std::int64_t chunks = (units + chunk - 1) / chunk;
    std::atomic<std::int64_t> next_chunk{0};
    std::atomic<std::int64_t> finished{0};
    std::atomic<bool> stop{false};
    // Written once each by the thread that finished the chunk, read after the join.
    std::vector<char> chunk_done(std::size_t(chunks), 0);

    // Plays one chunk; false when there is none left to start, or the run was stopped (a chunk
    // that a policy's search stopped halfway is not done).
    auto play_chunk = [&](Scratch& scratch) {
        if (stop.load(std::memory_order_relaxed)) return false;
        const std::int64_t c = next_chunk.fetch_add(1);
        if (c >= chunks) return false;
        const std::int64_t end = std::min(units, (c + 1) * chunk);
        try {
            for (std::int64_t u = c * chunk; u < end; ++u)
                play_unit(spec, u, policies, searches, scratch, out);
        } catch (const Stopped&) {
            return false;
        }
        chunk_done[std::size_t(c)] = 1;
        finished.fetch_add(end - c * chunk);
        return true;
    };

    // The calling thread plays too and checks in after each of its chunks, and also, through
    // its stop scope's poll, every 50 ms inside a policy's search: a chunk of slow games does
    // not hold up Ctrl-C.
    Workers workers(stop);
    for (int t = 1; t < std::min<std::int64_t>(threads, chunks); ++t) {
        if (!workers.start([&] {
                const StopScope scope(&stop);
                auto scratch = std::make_unique<Scratch>();
                while (play_chunk(*scratch)) {
                }
            }))
            break;  // the system has no more threads to give: play on with those started
    }
    const std::function<void()> poll = [&] {
        if (!between_chunks(finished.load())) stop = true;
    };
    const StopScope scope(&stop, &poll);
    auto scratch = std::make_unique<Scratch>();
    while (play_chunk(*scratch)) poll();
    workers.join();
    std::int64_t done = 0;
    while (done < chunks && chunk_done[std::size_t(done)]) ++done;
    return std::min(units, done * chunk);
}

std::int64_t run_games(const PlayoutSpec& spec, const std::array<const Policy*, 2>& policies,
                       std::int64_t games, int threads, int chunk, GameOutcome* out,
                       const std::function<bool(std::int64_t)>& between_chunks) {
    RunOutput output;
    output.games = out;
    return run_units(spec, policies, games, threads, chunk, output, between_chunks);
}

Lockstep::Lockstep(const PlayoutSpec& spec, const std::array<const Policy*, 2>& builtin,
                   const std::array<int, 2>& slot, std::int64_t units, int batch,
                   const RunOutput& out)
    : spec_(spec), builtin_(builtin), slot_(slot), units_(units), out_(out) {
    if (spec.variance_reduction)
        throw Fault("variance reduction needs built-in policies (a policy with an evaluator)");
    const std::int64_t size = std::min<std::int64_t>(std::max(1, batch), units);
    for (std::int64_t i = 0; i < size; ++i) {
        active_.push_back(begin_unit(spec_, next_unit_));
        active_unit_.push_back(next_unit_++);
    }
}

Lockstep::Lockstep(const PlayoutSpec& spec, const std::array<const Policy*, 2>& builtin,
                   const std::array<int, 2>& slot, std::int64_t games, int batch, GameOutcome* out)
    : Lockstep(spec, builtin, slot, games, batch, RunOutput{out, nullptr, nullptr}) {}

void Lockstep::finish(int a) {
    ++finished_;
    if (next_unit_ >= units_) {
        active_unit_[std::size_t(a)] = -1;
        return;
    }
    active_[std::size_t(a)] = begin_unit(spec_, next_unit_);
    active_unit_[std::size_t(a)] = next_unit_++;
}

bool Lockstep::advance() {
    for (int s = 0; s < 2; ++s) {
        candidates_[s].clear();
        offsets_[s].assign(1, 0);
        positions_[s].clear();
        waiting_[s].clear();
        cube_positions_[s].clear();
        cube_questions_[s].clear();
        cube_waiting_[s].clear();
    }
    bool any_waiting = false;
    for (int a = 0; a < int(active_.size()); ++a) {
        while (active_unit_[std::size_t(a)] >= 0) {
            GameState& state = active_[std::size_t(a)];
            const std::int64_t unit = active_unit_[std::size_t(a)];
            if (state.phase != CubePhase::kPlay) {
                const int p = chooser(state);
                const CubePolicy* policy = spec_.cube->policies[std::size_t(p)];
                if (policy == nullptr) {
                    const int s = slot_[std::size_t(p)];
                    const CubeSituation situation = cube_situation(spec_, state);
                    cube_positions_[s].push_back(state.board);
                    const bool redouble = redouble_answer_allowed(spec_, state);
                    cube_questions_[s].push_back({std::int32_t(state.phase), situation.value,
                                                  std::int32_t(situation.owner), situation.away,
                                                  situation.opponent_away,
                                                  std::int32_t(redouble)});
                    cube_waiting_[s].push_back(a);
                    any_waiting = true;
                    break;
                }
                if (tavla::apply_cube(spec_, unit, state, builtin_cube_choice(spec_, state, *policy),
                               out_))
                    finish(a);
                continue;
            }
            const Roll roll = roll_dice(spec_, state);
            const int count = gen_.generate(state.board, roll.d1, roll.d2);
            const Policy* policy = builtin_[std::size_t(state.mover_policy)];
            if (count > 1 && policy == nullptr) {
                const int s = slot_[std::size_t(state.mover_policy)];
                for (int i = 0; i < count; ++i) candidates_[s].push_back(gen_.play(i).result.swapped());
                offsets_[s].push_back(std::int64_t(candidates_[s].size()));
                positions_[s].push_back(state.board);
                waiting_[s].push_back(a);
                any_waiting = true;
                break;
            }
            int chosen = 0;
            if (count > 1) {
                const std::uint64_t entropy =
                    draw(state.policy_key, std::uint64_t(state.result.plies));
                chosen = policy->choose(state.board, gen_, entropy);
            }
            if (apply_play(spec_, unit, state, gen_.play(chosen).result, out_)) finish(a);
        }
    }
    return any_waiting;
}

void Lockstep::apply(int s, const double* scores) {
    const auto& offsets = offsets_[s];
    for (std::size_t w = 0; w < waiting_[s].size(); ++w) {
        const int a = waiting_[s][w];
        const std::int64_t best =
            offsets[w] + first_best(scores + offsets[w], offsets[w + 1] - offsets[w]);
        GameState& state = active_[std::size_t(a)];
        const Board after = candidates_[s][std::size_t(best)].swapped();
        if (apply_play(spec_, active_unit_[std::size_t(a)], state, after, out_)) finish(a);
    }
    waiting_[s].clear();
}

void Lockstep::apply_cube(int s, const std::int64_t* choices) {
    // Every choice is checked before any is applied, so that a bad one changes nothing.
    for (std::size_t w = 0; w < cube_waiting_[s].size(); ++w) {
        const CubeQuestion& question = cube_questions_[s][w];
        const std::int64_t choice = choices[w];
        if (choice < 0 || choice > highest_cube_choice(question))
            throw Fault("cube answer " + std::to_string(w) + " is " + std::to_string(choice) +
                        ": " + kCubeChoices);
    }
    for (std::size_t w = 0; w < cube_waiting_[s].size(); ++w) {
        const int a = cube_waiting_[s][w];
        GameState& state = active_[std::size_t(a)];
        if (tavla::apply_cube(spec_, active_unit_[std::size_t(a)], state, int(choices[w]), out_))
            finish(a);
    }
    cube_waiting_[s].clear();
}

}  // namespace tavla
