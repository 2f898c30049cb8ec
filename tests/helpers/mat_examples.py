"""Match files written out for the tests of the .mat reader and of replay."""

from pathlib import Path

# A hand-written file that gnubg imports without a warning (docs/formats.rst, "Match files").
HAND_WRITTEN = """\
; [Site "Example"]
; [Player 1 "Ali"]
; [Player 2 "Veli"]
; [EventDate "2024.01.02"]
; [Variation "Backgammon"]
; [Crawford "On"]
; [CubeLimit "1024"]

 3 point match

 Game 1
 Ali : 0                              Veli : 0
  1) 31: 8/5 6/5                      64: 24/14
  2) 52: 13/8 13/11*                  33: bar/22 24/21 13/10(2)
  3)  Doubles => 2                     Takes
  4) 66: 24/18(2) 13/7(2)             21: 13/11 6/5
  5)  Doubles => 4                     Drops
                                       Wins 2 points

 Game 2
 Ali : 2                              Veli : 0
  1)                                  42: 8/4 6/4
  2) 61: 13/7 8/7
"""

# gnubg's own export of game 1 of a 5-point match, byte for byte.
GNUBG_EXPORT = """\
 5 point match

 Game 1
 Alice : 0                      Bob : 0
  1)                             32: 8/5 8/6
  2) 42: 8/4 8/6                 22: 8/6 6/4 5/3 4/2
  3) 52: 8/3 4/2                  Doubles => 2
  4)  Takes                      31: 24/21 21/20
  5) 21: 13/11 11/10             41: 20/16 6/5
  6) 64: 24/18 10/6              43: 24/20 20/17
  7)  Doubles => 4                Drops
      Wins 2 points
"""

# GNU Backgammon 1.07's own exports (`export match mat`, trailing spaces removed, the
# players renamed Alice and Bob) of games played in it move by move.  match_endings.mat:
# every way a game of a match ends, in both columns -- a drop by the left player (game 1:
# its Wins shares the Drops line) and by the right (game 2: a Wins line of its own), takes
# and redoubles (game 3), resignations before and after rolling by both players (games 4 to
# 11; after rolling, the roll is written without a play).  money_beavers.mat: money play
# with beavers in both columns, dropped (games 1 and 2) and taken (games 3 and 4), raccoons
# taken (game 5) and dropped (games 6 and 7); gnubg writes the take of a beaver or raccoon
# as nothing and a raccoon as a beaver of the beaver.
_EXPORTS = Path(__file__).parent.parent / "data" / "gnubg_exports"
GNUBG_MATCH_ENDINGS = (_EXPORTS / "match_endings.mat").read_text(encoding="utf-8")
GNUBG_MONEY_BEAVERS = (_EXPORTS / "money_beavers.mat").read_text(encoding="utf-8")
