// Cube policies: what makes the cube actions inside the C++ playout loop (docs/simulation.rst
// "Playing with the cube"). Every question is asked about the position before the doubler's
// roll, seen by the doubler (on roll), in the doubler's situation before the double
// (cube_model.hpp): whether it doubles, how its opponent answers, and whether it takes a beaver.
#pragma once

#include <cstdint>
#include <memory>

#include "tavla/bearoff.hpp"
#include "tavla/board.hpp"
#include "tavla/cube_model.hpp"
#include "tavla/search.hpp"

namespace tavla {

enum class CubeAnswer : std::int8_t { kTake = 0, kDrop = 1, kBeaver = 2 };

// The three cube questions, in the numbering external policies see (playout.hpp).
enum class CubeQuestionKind : std::int8_t { kDouble = 0, kAnswer = 1, kBeaver = 2 };

// The model's choice from the doubler's cubeful equities per unit of its cube (cube_model.hpp):
// kDouble: 1 when the proper action is double/take or double/pass, else 0; kAnswer: 0 take (the
// take worth no more than the pass to the doubler), 1 drop, 2 beaver (when `beaver_allowed` and
// the model's best answer); kBeaver: 1 when the doubler takes (twice double/take worth -2 or
// more), 0 when it drops.
int model_cube_choice(CubeQuestionKind kind, double no_double, double double_take,
                      bool beaver_allowed);

class CubePolicy {
public:
    virtual ~CubePolicy() = default;

    // Whether the side on roll of `board` doubles now (the rules allow it). Called
    // concurrently from many threads: it must not change shared state.
    virtual bool doubles(const Board& board, const CubeSituation& doubler) const = 0;

    // The opponent's answer to that double; kBeaver only when `beaver_allowed`.
    virtual CubeAnswer answer(const Board& board, const CubeSituation& doubler,
                              bool beaver_allowed) const = 0;

    // Whether the doubler takes the opponent's beaver (rather than pass).
    virtual bool takes_beaver(const Board& board, const CubeSituation& doubler) const = 0;
};

// Never doubles, always takes (beavers never, takes every beaver): play as if cubeless, for
// comparison, and the cube of policies that give no probabilities (pubeval, random).
class NeverDoubleCubePolicy final : public CubePolicy {
public:
    bool doubles(const Board&, const CubeSituation&) const override { return false; }
    CubeAnswer answer(const Board&, const CubeSituation&, bool) const override {
        return CubeAnswer::kTake;
    }
    bool takes_beaver(const Board&, const CubeSituation&) const override { return true; }
};

// The cube model (cube_model.hpp) on the probabilities of a search at `plies`, with cube life
// `life`: doubles when the proper action is double/take or double/pass, takes when
// double/take is worth no more than the pass to the doubler, beavers when the model says so,
// takes a beaver when twice double/take is worth a pass (-2) or more. Where the search does not
// answer (a bear-off database alone, outside the bear-off) it never doubles and always takes.
// With `exact`, a bear-off database with its cubeful table, money positions in that table with
// no cube limit below kMaxCubeValue take the table's exact equities instead of the model's
// (no double: the table's; double/take: twice the no-double equity with the opponent's cube).
class ModelCubePolicy final : public CubePolicy {
public:
    ModelCubePolicy(std::shared_ptr<const Search> search, int plies, double life,
                    std::shared_ptr<const BearoffDatabase> exact = nullptr);

    bool doubles(const Board& board, const CubeSituation& doubler) const override;
    CubeAnswer answer(const Board& board, const CubeSituation& doubler,
                      bool beaver_allowed) const override;
    bool takes_beaver(const Board& board, const CubeSituation& doubler) const override;

private:
    // The doubler's (no double, double/take), or false where nothing answers.
    bool equities(const Board& board, const CubeSituation& doubler, double& no_double,
                  double& double_take) const;
    int choice(CubeQuestionKind kind, const Board& board, const CubeSituation& doubler,
               bool beaver_allowed) const;

    std::shared_ptr<const Search> search_;
    int plies_;
    double life_;
    std::shared_ptr<const BearoffDatabase> exact_;
};

}  // namespace tavla
