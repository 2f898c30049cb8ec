"""A UBGI engine that misbehaves on cue, for the tests of tavla.engines: run as
``python fake_ubgi.py MODE``.  It answers as ``tavla ubgi --policy pubeval`` does
(tavla.engines.server), except:

- ``draft``: the first draft's handshake (``readyok`` after the ``id`` lines, no ``ubgiok``);
- ``chatty``: a banner before the handshake and ``info`` lines before each answer;
- ``refuses``: ``error unsupported`` to the greeting;
- ``dies``: exits with status 3 when asked for a play, saying ``dying`` on stderr;
- ``silent``: never answers a play, and ignores the end of its input;
- ``babbles``: writes ``info`` lines forever (one each 10 ms) instead of a play;
  ``babbles-at-greeting`` does so instead of finishing the handshake;
- ``floods``: writes 20 MB to stderr, then ``last words`` and exits with status 4 when
  asked for a play;
- ``garbage``: ``bestmove 24/99``; ``illegal``: ``bestmove 6/off``; ``rude``:
  ``hello there``; ``error``: ``error bad_state no idea``.
"""

from __future__ import annotations

import sys
import time

from tavla.engines.server import UbgiEngine

WRONG_ANSWERS = {
    "garbage": "bestmove 24/99",
    "illegal": "bestmove 6/off",
    "rude": "hello there",
    "error": "error bad_state no idea",
}


def say(*lines: str) -> None:
    sys.stdout.write("".join(f"{line}\n" for line in lines))
    sys.stdout.flush()


def babble() -> None:
    while True:
        say("info thinking")
        time.sleep(0.01)


def main(mode: str) -> None:
    engine = UbgiEngine("pubeval")
    if mode == "chatty":
        say("fake engine 1.0, at your service")
    for line in sys.stdin:
        command = line.strip()
        if command == "ubgi" and mode == "babbles-at-greeting":
            babble()
        if command == "ubgi" and mode == "refuses":
            say("error unsupported ubgi")
            continue
        if command == "ubgi" and mode == "draft":
            say("id name fake draft engine", "readyok")
            continue
        if command.startswith("go") or command.startswith("XGID="):
            if mode == "dies":
                sys.stderr.write("dying\n")
                sys.exit(3)
            if mode == "silent":
                time.sleep(3600)
            if mode == "babbles":
                babble()
            if mode == "floods":
                for _ in range(20):
                    sys.stderr.write("x" * 1_000_000)
                sys.stderr.write("\nlast words\n")
                sys.exit(4)
            if mode in WRONG_ANSWERS:
                say(WRONG_ANSWERS[mode])
                continue
            if mode == "chatty":
                say("info depth 0", "info nodes 1")
        say(*engine.handle(command))
        if engine.done:
            return


if __name__ == "__main__":
    main(sys.argv[1])
