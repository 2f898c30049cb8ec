"""``tavla ubgi``: tavla as a UBGI engine, a policy answering on stdin and stdout."""

from __future__ import annotations

import sys

import click

from ..engines.server import UbgiEngine, serve
from .errors import input_errors
from .options import seed_option
from .playout_options import sigterm_as_ctrl_c
from .policy_param import POLICIES_HELP, ParsedPolicy, policy_option


@click.command(
    short_help="Serve a policy as a UBGI engine on stdin and stdout.", epilog=POLICIES_HELP
)
@policy_option("The policy that chooses the plays (and, with a net, the cube actions).")
@seed_option("Seed of the random policy's choices [default: fresh each run].", default=None)
def ubgi(policy: ParsedPolicy, seed: int | None) -> None:
    """Answer UBGI commands read from stdin on stdout, one line each, until 'quit' or the
    end of the input: a controller (a GUI, a dueller, another tavla's duel through
    ubgi:"tavla ubgi") starts this command and sends it positions; the plays are the
    policy's, the cube decisions tavla.cube_decision's on the policy's net.  Both UBGI
    drafts are understood: v0.2's 'position gnubgid ID', 'dice D1 D2', 'go chequer' ->
    'bestmove ...', and the first draft's bare XGID or FIBS board lines."""
    with input_errors():
        engine = UbgiEngine(policy.text, seed=seed)  # the text names the engine
    try:  # on SIGTERM too, an engine that plays for this one (gnubg) is stopped
        with sigterm_as_ctrl_c():
            serve(engine, sys.stdin, sys.stdout)
    except KeyboardInterrupt:
        click.get_current_context().exit(130)
    finally:
        engine.close()
