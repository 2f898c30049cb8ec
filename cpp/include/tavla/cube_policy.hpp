// Cube policies: what makes the cube actions inside the C++ playout loop (docs/simulation.rst
// "Playing with the cube"). Every question is asked about the position before the doubler's
// roll, seen by the doubler (on roll), in the doubler's situation before the double
// (cube_model.hpp): whether it doubles, how its opponent answers, how it answers a beaver, and
// whether its opponent takes a raccoon (R20).
#pragma once

#include <cstdint>
#include <memory>

#include "tavla/bearoff.hpp"
#include "tavla/board.hpp"
#include "tavla/cube_model.hpp"
#include "tavla/search.hpp"

namespace tavla {

enum class CubeAnswer : std::int8_t { kTake = 0, kDrop = 1, kBeaver = 2 };

// The doubler's answer to a beaver (R20).
enum class BeaverAnswer : std::int8_t { kDrop = 0, kTake = 1, kRaccoon = 2 };

// The four cube questions, in the numbering external policies see (playout.hpp).
enum class CubeQuestionKind : std::int8_t { kDouble = 0, kAnswer = 1, kBeaver = 2, kRaccoon = 3 };

// The model's choice from the doubler's cubeful equities per unit of its cube (cube_model.hpp):
// kDouble: 1 when the proper action is double/take or double/pass, else 0; kAnswer: 0 take (the
// take worth no more than the pass to the doubler), 1 drop, 2 beaver (when `beaver_allowed` and
// the model's best answer); kBeaver (a BeaverAnswer): 2 raccoon (when `redouble_allowed` and
// cube_model.hpp's raccoons()), else 1 when the doubler takes (twice double/take worth -2 or
// more), 0 when it drops; kRaccoon: 1 when the beaverer takes (takes_raccoon), 0 when it drops.
// `owned` is the doubler's no-double equity owning the cube, read by the raccoon questions
// only; `redouble_allowed` allows a beaver (kAnswer) or a raccoon (kBeaver).
int model_cube_choice(CubeQuestionKind kind, double no_double, double double_take, double owned,
                      bool redouble_allowed);

class CubePolicy {
public:
    virtual ~CubePolicy() = default;

    // Whether the side on roll of `board` doubles now (the rules allow it). Called
    // concurrently from many threads: it must not change shared state.
    virtual bool doubles(const Board& board, const CubeSituation& doubler) const = 0;

    // The opponent's answer to that double; kBeaver only when `beaver_allowed`.
    virtual CubeAnswer answer(const Board& board, const CubeSituation& doubler,
                              bool beaver_allowed) const = 0;

    // The doubler's answer to the opponent's beaver; kRaccoon only when `raccoon_allowed`.
    virtual BeaverAnswer beaver_answer(const Board& board, const CubeSituation& doubler,
                                       bool raccoon_allowed) const = 0;

    // Whether the beaverer takes the doubler's raccoon (rather than pass).
    virtual bool takes_raccoon(const Board& board, const CubeSituation& doubler) const = 0;
};

// Never doubles, always takes (beavers and raccoons never, takes every beaver and raccoon):
// play as if cubeless, for
// comparison, and the cube of policies that give no probabilities (pubeval, random).
class NeverDoubleCubePolicy final : public CubePolicy {
public:
    bool doubles(const Board&, const CubeSituation&) const override { return false; }
    CubeAnswer answer(const Board&, const CubeSituation&, bool) const override {
        return CubeAnswer::kTake;
    }
    BeaverAnswer beaver_answer(const Board&, const CubeSituation&, bool) const override {
        return BeaverAnswer::kTake;
    }
    bool takes_raccoon(const Board&, const CubeSituation&) const override { return true; }
};

// The cube model (cube_model.hpp) on the probabilities of a search at `plies`, with cube life
// `life`: doubles when the proper action is double/take or double/pass, takes when
// double/take is worth no more than the pass to the doubler, beavers when the model says so,
// takes a beaver when twice double/take is worth a pass (-2) or more, raccoons and takes a raccoon
// as cube_model.hpp's raccoons() and takes_raccoon() say. Where the search does not
// answer (a bear-off database alone, outside the bear-off) it never doubles and always takes.
// With `exact`, a bear-off database with its cubeful table, money positions in that table with
// no cube limit below kMaxCubeValue take the table's exact equities instead of the model's
// (no double: the table's; double/take: twice the no-double equity with the opponent's cube;
// owned: the no-double equity with its own cube).
class ModelCubePolicy final : public CubePolicy {
public:
    ModelCubePolicy(std::shared_ptr<const Search> search, int plies, double life,
                    std::shared_ptr<const BearoffDatabase> exact = nullptr);

    bool doubles(const Board& board, const CubeSituation& doubler) const override;
    CubeAnswer answer(const Board& board, const CubeSituation& doubler,
                      bool beaver_allowed) const override;
    BeaverAnswer beaver_answer(const Board& board, const CubeSituation& doubler,
                               bool raccoon_allowed) const override;
    bool takes_raccoon(const Board& board, const CubeSituation& doubler) const override;

private:
    // The doubler's (no double, double/take and, when `owned` is not null, no double owning
    // the cube), or false where nothing answers.
    bool equities(const Board& board, const CubeSituation& doubler, double& no_double,
                  double& double_take, double* owned) const;
    int choice(CubeQuestionKind kind, const Board& board, const CubeSituation& doubler,
               bool redouble_allowed) const;

    std::shared_ptr<const Search> search_;
    int plies_;
    double life_;
    std::shared_ptr<const BearoffDatabase> exact_;
};

}  // namespace tavla
