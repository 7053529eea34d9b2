"""Ask the Lexico engine for a move from an AI Gaming platform bot.

calculate_move(gamestate) returns the platform's move list. It asks a
running `lexico-bot serve` first (POST /move), falls back to running
`lexico-bot run` once, and last answers a pass, which is legal in every
position. It never raises, and it answers before the gamestate's deadline
(the earlier of its ResponseDeadline and MoveTime from the call, as the
engine's clock counts): each step gets only the time left, less a safety
margin for the platform's own work after we return.

Standard library only (urllib, subprocess, threading, json). Settings, from the
environment or as keyword arguments:

  LEXICO_SERVER    the serve URL        (default http://127.0.0.1:8080/move)
  LEXICO_TOKEN     the server's token, when it has one (serve --token-file):
                   sent as "Authorization: Bearer TOKEN"
  LEXICO_BOT       the lexico-bot command (default: bin/lexico-bot of the
                   repository this file is in, as `make build` leaves it,
                   else lexico-bot on the PATH; split like a shell line, so
                   "env X=1 /path/lexico-bot" works)
  LEXICO_BOT_ARGS  extra flags for `run` (e.g. "--policy equity --index my.db")

When neither way answers, the bot passes, and says why on stderr, once for
each reason (a bot that passes every turn in silence looks broken for no
reason; one that says the same line every turn buries the next reason).
"""

import ast
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

PASS = [[], ["Pass"]]

# Held back from the deadline for returning the move through the platform's
# code after we answer.
SAFETY_S = 0.15

# A deadline long past (a saved gamestate) leaves no time that can be met;
# each step then gets this much, so that it still gets the engine's move.
NO_DEADLINE_S = 2.0

# A deadline that has just passed, or is nearer than SAFETY_S, is live and
# (nearly) late: the engine answers its static move at once, and the bridge
# waits at most this long for it.
LATE_S = 0.3


def _as_dict(gamestate):
    """The gamestate as a dict: given so, or as its JSON text, or as the
    platform documentation's Python literal ({'Board': [...], 'IsMover':
    True, ...}), which the engine reads too."""
    if isinstance(gamestate, (bytes, bytearray)):
        gamestate = gamestate.decode("utf-8")
    if isinstance(gamestate, str):
        try:
            return json.loads(gamestate)
        except ValueError as e:
            try:
                return ast.literal_eval(gamestate.strip())
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                raise e from None
    return gamestate


def _deadline(gs):
    """The instant (time.time()) by which our answer must be back, and the
    gamestate to hand the engine: when the deadline is ahead, its
    ResponseDeadline is moved SAFETY_S earlier, so that the engine plans to
    answer before the bridge's own cut-off, not after it. As the engine's
    clock does, the earlier of ResponseDeadline and now plus MoveTime (1 s
    when missing) counts: a ResponseDeadline far ahead (the platform's clock
    ahead of this machine's) does not let a slow server hold us past the
    MoveTime the platform gives, and with none given the MoveTime alone
    does (the engine thinks that long)."""
    try:
        ms = int(gs.get("ResponseDeadline") or 0)
        deadline = ms / 1000.0
    except (TypeError, ValueError, AttributeError, OverflowError):
        ms, deadline = 0, 0.0
    try:
        move_s = float(gs.get("MoveTime") or 0) / 1000.0
    except (TypeError, ValueError, AttributeError, OverflowError):
        move_s = 0.0
    if not 0 < move_s < float("inf"):  # missing, zero, negative, NaN or endless: the engine's 1 s
        move_s = 1.0
    window = max(move_s, 1.0)
    now = time.time()
    if ms > 0 and deadline < now - window:
        return now + NO_DEADLINE_S, gs  # a saved gamestate: answered at once (run --live)
    due = now + move_s if ms <= 0 else min(deadline, now + move_s)
    due -= SAFETY_S
    if due > now:
        return due, dict(gs, ResponseDeadline=int(due * 1000))
    return now + LATE_S, gs  # live, and (nearly) late: the static move at once


def _move_of(text):
    """The move in an answer: serve's {"move": ...} or a bare move list."""
    answer = json.loads(text)
    if isinstance(answer, dict):
        answer = answer.get("move")
    if not _is_move(answer):
        raise ValueError("not a move: %.100r" % (text,))
    return answer


def _is_move(m):
    """Whether m has the platform move's shape: tiles, then their [x, y]
    squares (as many) or ["Pass"], then the blanks' letters if any. What
    answers in the engine's place may be anything; a pass beats handing the
    platform a list it cannot read."""
    if not (isinstance(m, list) and len(m) in (2, 3) and isinstance(m[0], list) and isinstance(m[1], list)):
        return False
    tiles, where = m[0], m[1]
    if not all(isinstance(t, str) for t in tiles):
        return False
    if len(m) == 3 and not (isinstance(m[2], list) and all(isinstance(b, str) for b in m[2])):
        return False
    if where == ["Pass"]:
        return True
    return (
        len(where) == len(tiles) > 0
        and all(isinstance(p, list) and len(p) == 2 and all(type(v) is int and v >= 0 for v in p) for p in where)
    )


def _from_server(body, url, token, left):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(url, data=body, headers=headers)
    due = time.time() + left
    # urlopen's timeout bounds each wait on the socket, not the exchange: a
    # name that resolves slowly, or an answer that arrives a few bytes at a
    # time (a slow proxy or link), would hold us past the deadline. So the
    # exchange runs in a thread we wait for until the deadline only; the
    # thread stops reading then too, or at its socket's next timeout.
    box = {}

    def ask():
        try:
            try:
                resp = urllib.request.urlopen(req, timeout=left)
            except urllib.error.HTTPError as e:
                raise Refused(_refusal(e)) from None
            with resp:
                chunks = []
                while True:
                    if time.time() > due:
                        raise TimeoutError("the answer was still arriving at the deadline")
                    chunk = resp.read1(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                box["text"] = b"".join(chunks).decode("utf-8")
        except BaseException as e:
            box["error"] = e

    worker = threading.Thread(target=ask, daemon=True)
    worker.start()
    worker.join(max(due - time.time(), 0))
    if worker.is_alive():
        raise TimeoutError("no whole answer within %.2f s" % left)
    if "error" in box:
        raise box["error"]
    return _move_of(box["text"])


class Refused(Exception):
    """The server's refusal (an HTTP error status), with its reason."""


def _refusal(e):
    """One line for the server's refusal: its status and the reason serve
    gives in {"error": ...} (a wrong token, a gamestate it cannot read),
    which urllib's "HTTP Error 400: Bad Request" leaves out."""
    why = ""
    try:
        text = e.read(4096).decode("utf-8", "replace")
        try:
            why = json.loads(text).get("error") or ""
        except (ValueError, AttributeError):
            why = text
    except Exception:
        pass
    why = " ".join(str(why).split())
    return "HTTP %d%s" % (e.code, ": " + why if why else " " + str(e.reason or ""))


def _from_run(body, bot, args, left):
    # --live: a deadline that has passed is answered at once, not replayed.
    cmd = shlex.split(bot) + ["run", "--live"] + shlex.split(args) + ["-"]
    out = subprocess.run(cmd, input=body, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=left, check=True)
    return _move_of(out.stdout.decode("utf-8").splitlines()[0])


def default_bot():
    """The lexico-bot to run: this repository's bin/lexico-bot (make build),
    else lexico-bot on the PATH, else None."""
    here = os.path.dirname(os.path.abspath(__file__))
    built = os.path.join(here, os.pardir, os.pardir, "bin", "lexico-bot")
    if os.access(built, os.X_OK):
        return os.path.normpath(built)
    return shutil.which("lexico-bot")


# The reasons for passing said so far, their numbers left out: a bot that
# cannot reach the engine passes every turn for the same reason, said once;
# a pass for another reason (a move that timed out, after one that found no
# engine) is said too, not hidden behind the first, and two reasons that
# alternate are each said once, not on every turn. Bounded, so that reasons
# that never repeat cannot grow it without end: past _SAID_MAX it starts
# afresh, and a reason is said again at most once in that many.
_said = set()
_SAID_MAX = 64


def _say_once(why):
    kind = re.sub(r"[0-9][0-9.]*", "#", why)
    if kind in _said:
        return
    if len(_said) >= _SAID_MAX:
        _said.clear()
    _said.add(kind)
    sys.stderr.write("lexico_bridge: passing: %s\n" % why)
    sys.stderr.flush()


def calculate_move(gamestate, server=None, bot=None, bot_args=None, token=None):
    """The platform's move list for gamestate (a dict, or its text: JSON or
    the documentation's Python literal)."""
    server = server or os.environ.get("LEXICO_SERVER", "http://127.0.0.1:8080/move")
    token = token or os.environ.get("LEXICO_TOKEN", "")
    bot = bot or os.environ.get("LEXICO_BOT") or default_bot()
    bot_args = bot_args if bot_args is not None else os.environ.get("LEXICO_BOT_ARGS", "")
    try:
        due, gs = _deadline(_as_dict(gamestate))
        body = json.dumps(gs).encode("utf-8")
    except Exception as e:  # not even a gamestate: nothing better than a pass
        _say_once("the gamestate reads neither as JSON nor as a Python literal (%s)" % e)
        return PASS
    asks = [("the server " + server, lambda left: _from_server(body, server, token, left))]
    if bot:
        asks.append(("lexico-bot run (" + bot + ")", lambda left: _from_run(body, bot, bot_args, left)))
    failed = []
    for name, ask in asks:
        left = due - time.time()
        if left <= 0.01:
            failed.append("no time left for " + name)
            break
        try:
            return ask(left)
        except Exception as e:
            failed.append("%s: %s" % (name, _short(e)))
    if not bot:
        failed.append(
            "no lexico-bot program (not in this repository's bin/ nor on the PATH): "
            "run `make build` in the repository, start `lexico-bot serve`, or set LEXICO_BOT"
        )
    _say_once("; ".join(failed))
    return PASS


def _short(e):
    """One line for an exception: its kind and the first line of its text."""
    if isinstance(e, subprocess.CalledProcessError):
        lines = (e.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        return ("exit status %d%s" % (e.returncode, ": " + lines[-1] if lines else ""))[:300]
    text = str(e).splitlines()[0] if str(e) else ""
    return ("%s: %s" % (type(e).__name__, text))[:200]
