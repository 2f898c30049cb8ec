// The shared rules of the cube and of scoring (rules.hpp) for tavla.game.cube and
// tavla.game.scoring, which word the refusals.
#include <pybind11/stl.h>

#include "convert.hpp"
#include "tavla/rules.hpp"

namespace tavla::bindings {

void bind_rules(py::module_& m) {
    m.attr("MAX_CUBE_VALUE") = kMaxCubeValue;
    m.def(
        "double_refusal",
        [](int side, bool cube, int match_length, std::pair<int, int> score, bool crawford_game,
           bool crawford_rule, bool holland, int cube_value, int cube_owner, int max_cube,
           int fewest_turns_played) {
            if (side < 0 || side > 1 || cube_owner < -1 || cube_owner > 1)
                throw Fault("a side is 0 or 1, and the cube's owner -1 (centred), 0 or 1");
            const DoubleSituation s{cube,          match_length, {score.first, score.second},
                                    crawford_game, crawford_rule, holland,
                                    cube_value,    cube_owner,    max_cube,
                                    fewest_turns_played};
            return int(double_refusal(s, side));
        },
        py::kw_only(), py::arg("side"), py::arg("cube"), py::arg("match_length"),
        py::arg("score"), py::arg("crawford_game"), py::arg("crawford_rule"), py::arg("holland"),
        py::arg("cube_value"), py::arg("cube_owner"), py::arg("max_cube"),
        py::arg("fewest_turns_played"),
        "Why `side` may not double now (R18, R19, R24, R25): 0 when it may, else the code of "
        "the first rule that forbids it (rules.hpp's DoubleRefusal).");
    m.def(
        "redouble_refusal",
        [](int match_length, bool option, std::int64_t redoubled, int max_cube) {
            return int(redouble_refusal(match_length, option, redoubled, max_cube));
        },
        py::kw_only(), py::arg("match_length"), py::arg("option"), py::arg("redoubled"),
        py::arg("max_cube"),
        "Why a beaver or raccoon to `redoubled` may not be made (R19, R20): 0 when it may, else "
        "the code of the first rule that forbids it (rules.hpp's RedoubleRefusal).");
    m.def(
        "crawford_game_next",
        [](bool crawford_rule, int match_length, std::pair<int, int> score, bool crawford_done) {
            return crawford_game_next(crawford_rule, match_length, {score.first, score.second},
                                      crawford_done);
        },
        py::kw_only(), py::arg("crawford_rule"), py::arg("match_length"), py::arg("score"),
        py::arg("crawford_done"),
        "Whether a match game starting at `score` is the Crawford game (R24).");
    m.def(
        "post_crawford",
        [](bool crawford_rule, int match_length, std::pair<int, int> score, bool crawford_game) {
            DoubleSituation s;
            s.crawford_rule = crawford_rule;
            s.match_length = match_length;
            s.score = {score.first, score.second};
            s.crawford_game = crawford_game;
            return post_crawford(s);
        },
        py::kw_only(), py::arg("crawford_rule"), py::arg("match_length"), py::arg("score"),
        py::arg("crawford_game"),
        "Whether a match game at `score` comes after the Crawford game (R24): the rule is "
        "played, the match is longer than one point, a side is one point away, and this is not "
        "the Crawford game.");
    m.def(
        "counted_kind",
        [](int kind, bool backgammons) {
            if (kind < 1 || kind > 3) throw Fault("a result kind is 1 to 3");
            return counted_kind(kind, backgammons);
        },
        py::arg("kind"), py::arg("backgammons"),
        "A result kind on the board (1 single, 2 gammon, 3 backgammon) as the rules count it: a "
        "backgammon is a gammon without the backgammons option (R16).");
    m.def(
        "game_points",
        [](int kind, std::int64_t cube_value, bool backgammons, bool jacoby_applies) {
            if (kind < 1 || kind > 3 || cube_value < 1 || cube_value > kMaxCubeValue)
                throw Fault("a result kind is 1 to 3 and a cube value 1 to 32768");
            return game_points(kind, cube_value, backgammons, jacoby_applies);
        },
        py::kw_only(), py::arg("kind"), py::arg("cube_value"), py::arg("backgammons"),
        py::arg("jacoby_applies"),
        "The points a game of result `kind` (1 single, 2 gammon, 3 backgammon) is worth at "
        "`cube_value` (R16, R19, R22).");
}

}  // namespace tavla::bindings
