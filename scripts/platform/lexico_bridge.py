"""Ask the Lexico engine for a move from an AI Gaming platform bot.

calculate_move(gamestate) returns the platform's move list. It asks a
running `lexico-bot serve` first (POST /move), falls back to running
`lexico-bot run` once, and last answers a pass, which is legal in every
position. It never raises, and it answers before the gamestate's
ResponseDeadline: each step gets only the time left, less a safety margin
for the platform's own work after we return.

Standard library only (urllib, subprocess, json). Settings, from the
environment or as keyword arguments:

  LEXICO_SERVER    the serve URL        (default http://127.0.0.1:8080/move)
  LEXICO_BOT       the lexico-bot command (default lexico-bot; split like a
                   shell line, so "env X=1 /path/lexico-bot" works)
  LEXICO_BOT_ARGS  extra flags for `run` (e.g. "--policy equity --index my.db")
"""

import json
import os
import shlex
import subprocess
import time
import urllib.request

PASS = [[], ["Pass"]]

# Held back from the deadline for returning the move through the platform's
# code after we answer.
SAFETY_S = 0.15

# A deadline that has passed (a saved gamestate, or none given) leaves no
# time that can be met; each step then gets this much, so that a replayed
# gamestate still gets the engine's move.
NO_DEADLINE_S = 2.0


def _as_dict(gamestate):
    if isinstance(gamestate, (bytes, bytearray)):
        gamestate = gamestate.decode("utf-8")
    if isinstance(gamestate, str):
        return json.loads(gamestate)
    return gamestate


def _deadline(gs):
    """The instant (time.time()) by which our answer must be back."""
    try:
        ms = int(gs.get("ResponseDeadline") or 0)
    except (TypeError, ValueError, AttributeError):
        ms = 0
    if ms / 1000.0 - SAFETY_S > time.time():
        return ms / 1000.0 - SAFETY_S
    return time.time() + NO_DEADLINE_S


def _move_of(text):
    """The move in an answer: serve's {"move": ...} or a bare move list."""
    answer = json.loads(text)
    if isinstance(answer, dict):
        answer = answer.get("move")
    if not (isinstance(answer, list) and len(answer) in (2, 3)):
        raise ValueError("not a move: %.100r" % (text,))
    return answer


def _from_server(body, url, left):
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=left) as resp:
        return _move_of(resp.read().decode("utf-8"))


def _from_run(body, bot, args, left):
    # --live: a deadline that has passed is answered at once, not replayed.
    cmd = shlex.split(bot) + ["run", "--live"] + shlex.split(args) + ["-"]
    out = subprocess.run(cmd, input=body, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=left, check=True)
    return _move_of(out.stdout.decode("utf-8").splitlines()[0])


def calculate_move(gamestate, server=None, bot=None, bot_args=None):
    """The platform's move list for gamestate (a dict, or its JSON text)."""
    server = server or os.environ.get("LEXICO_SERVER", "http://127.0.0.1:8080/move")
    bot = bot or os.environ.get("LEXICO_BOT", "lexico-bot")
    bot_args = bot_args if bot_args is not None else os.environ.get("LEXICO_BOT_ARGS", "")
    try:
        gs = _as_dict(gamestate)
        body = json.dumps(gs).encode("utf-8")
        due = _deadline(gs)
    except Exception:  # not even a gamestate: nothing better than a pass
        return PASS
    for ask in (lambda left: _from_server(body, server, left), lambda left: _from_run(body, bot, bot_args, left)):
        left = due - time.time()
        if left <= 0.01:
            break
        try:
            return ask(left)
        except Exception:
            continue
    return PASS
