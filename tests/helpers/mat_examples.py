"""Match files written out for the tests of the .mat reader and of replay."""

# FORMATS.md 5.1: the hand-written file gnubg imports without a warning.
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

# FORMATS.md 5.1: gnubg's own export of game 1 of a 5-point match, byte for byte.
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
