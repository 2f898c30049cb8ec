#include "tavla/playout.hpp"

#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include "tavla/stop.hpp"
#include "workers.hpp"

namespace tavla {
namespace {

// R16 for the loser's row (its own side's numbering): a single game if it has borne off a
// checker; otherwise a gammon, or a backgammon with a checker on the bar or in the winner's
// home board (the loser's points 19..24).
int result_kind(const std::int8_t* loser) {
    if (loser[kOff] > 0) return 1;
    for (int p = 19; p <= kBar; ++p)
        if (loser[p] > 0) return 3;
    return 2;
}

}  // namespace

GameState begin_game(const PlayoutSpec& spec, std::int64_t game) {
    GameState state;
    game += spec.first_game;  // dice, rotation and seats follow the number in the sequence
    state.stream = spec.duplicate ? game / 2 : game;
    state.dice_key = stream_key(spec.seed, std::uint64_t(state.stream));
    state.policy_key = policy_key(spec.seed, std::uint64_t(state.stream));
    state.board = spec.start;
    const bool swapped = spec.alternate && (game % 2 == 1);
    int seat_on_roll = 0;
    if (spec.opening) {
        const Roll opening = opening_roll_of_bits(draw(state.dice_key, 0));
        seat_on_roll = opening.d1 > opening.d2 ? 0 : 1;
    }
    state.mover_policy = seat_on_roll ^ int(swapped);
    state.result.first = std::int8_t(state.mover_policy);
    return state;
}

Roll roll_dice(const PlayoutSpec& spec, const GameState& state) {
    const int ply = state.result.plies;
    if (ply == 0 && spec.opening) return opening_roll_of_bits(draw(state.dice_key, 0));
    if (ply < spec.rotate) {
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
    if (spec.truncate > 0 && state.result.plies >= spec.truncate) {
        state.result.on_roll = std::int8_t(state.mover_policy);
        if (spec.final_boards != nullptr) spec.final_boards[game] = state.board;
        return true;
    }
    return false;
}

GameResult play_game(const PlayoutSpec& spec, std::int64_t game,
                     const std::array<const Policy*, 2>& policies, MoveGenerator& gen) {
    GameState state = begin_game(spec, game);
    for (;;) {
        const Roll roll = roll_dice(spec, state);
        const int count = gen.generate(state.board, roll.d1, roll.d2);
        int chosen = 0;
        if (count > 1) {
            const std::uint64_t entropy = draw(state.policy_key, std::uint64_t(state.result.plies));
            chosen = policies[state.mover_policy]->choose(state.board, gen, entropy);
        }
        if (make_play(spec, game, state, gen.play(chosen).result)) return state.result;
    }
}

std::int64_t run_games(const PlayoutSpec& spec, const std::array<const Policy*, 2>& policies,
                       std::int64_t games, int threads, int chunk, GameResult* out,
                       const std::function<bool(std::int64_t)>& between_chunks) {
    chunk = std::max(1, chunk);
    const std::int64_t chunks = (games + chunk - 1) / chunk;
    std::atomic<std::int64_t> next_chunk{0};
    std::atomic<std::int64_t> finished{0};
    std::atomic<bool> stop{false};
    // Written once each by the thread that finished the chunk, read after the join.
    std::vector<char> chunk_done(std::size_t(chunks), 0);

    // Plays one chunk; false when there is none left to start, or the run was stopped (a chunk
    // that a policy's search stopped halfway is not done).
    auto play_chunk = [&](MoveGenerator& gen) {
        if (stop.load(std::memory_order_relaxed)) return false;
        const std::int64_t c = next_chunk.fetch_add(1);
        if (c >= chunks) return false;
        const std::int64_t end = std::min(games, (c + 1) * chunk);
        try {
            for (std::int64_t g = c * chunk; g < end; ++g)
                out[g] = play_game(spec, g, policies, gen);
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
                auto gen = std::make_unique<MoveGenerator>();
                while (play_chunk(*gen)) {
                }
            }))
            break;  // the system has no more threads to give: play on with those started
    }
    const std::function<void()> poll = [&] {
        if (!between_chunks(finished.load())) stop = true;
    };
    const StopScope scope(&stop, &poll);
    auto gen = std::make_unique<MoveGenerator>();
    while (play_chunk(*gen)) poll();
    workers.join();
    std::int64_t done = 0;
    while (done < chunks && chunk_done[std::size_t(done)]) ++done;
    return std::min(games, done * chunk);
}

Lockstep::Lockstep(const PlayoutSpec& spec, const std::array<const Policy*, 2>& builtin,
                   const std::array<int, 2>& slot, std::int64_t games, int batch,
                   GameResult* out)
    : spec_(spec), builtin_(builtin), slot_(slot), games_(games), out_(out) {
    const std::int64_t size = std::min<std::int64_t>(std::max(1, batch), games);
    for (std::int64_t i = 0; i < size; ++i) {
        active_.push_back(begin_game(spec_, next_game_));
        active_game_.push_back(next_game_++);
    }
}

bool Lockstep::start_next(int a) {
    if (next_game_ >= games_) {
        active_game_[a] = -1;
        return false;
    }
    active_[a] = begin_game(spec_, next_game_);
    active_game_[a] = next_game_++;
    return true;
}

bool Lockstep::advance() {
    for (int s = 0; s < 2; ++s) {
        candidates_[s].clear();
        offsets_[s].assign(1, 0);
        positions_[s].clear();
        waiting_[s].clear();
    }
    bool any_waiting = false;
    for (int a = 0; a < int(active_.size()); ++a) {
        while (active_game_[a] >= 0) {
            GameState& state = active_[a];
            const Roll roll = roll_dice(spec_, state);
            const int count = gen_.generate(state.board, roll.d1, roll.d2);
            const Policy* policy = builtin_[state.mover_policy];
            if (count > 1 && policy == nullptr) {
                const int s = slot_[state.mover_policy];
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
            if (make_play(spec_, active_game_[a], state, gen_.play(chosen).result)) {
                out_[active_game_[a]] = state.result;
                ++finished_;
                start_next(a);
            }
        }
    }
    return any_waiting;
}

void Lockstep::apply(int s, const double* scores) {
    const auto& offsets = offsets_[s];
    for (std::size_t w = 0; w < waiting_[s].size(); ++w) {
        const int a = waiting_[s][w];
        std::int64_t best = offsets[w];
        for (std::int64_t k = offsets[w] + 1; k < offsets[w + 1]; ++k)
            if (scores[k] > scores[best]) best = k;
        GameState& state = active_[a];
        if (make_play(spec_, active_game_[a], state, candidates_[s][std::size_t(best)].swapped())) {
            out_[active_game_[a]] = state.result;
            ++finished_;
            start_next(a);
        }
    }
    waiting_[s].clear();
}

}  // namespace tavla
