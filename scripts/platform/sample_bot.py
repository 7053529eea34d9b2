#!/usr/bin/env python3
"""A sample AI Gaming platform bot that plays with the Lexico engine.

On the platform, calculate_move is the entry point, and the code runs on the
platform's machines, where there is no lexico-bot and no environment of
yours: give it lexico_bridge.py too (beside it, or pasted above it) and set
SERVER to a `lexico-bot serve` it can reach over the internet. Without one,
every move is a pass (the bridge's log says why).

In our arena, as an external seat, it speaks one gamestate a line on stdin
and one move a line on stdout (SERVER unset: a local serve, else bin/lexico-bot):

  lexico-bot play --p1 'cmd:python3 scripts/platform/sample_bot.py' --p2 equity
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import lexico_bridge  # noqa: E402

# The engine to ask: None for $LEXICO_SERVER, else a local serve or
# bin/lexico-bot; on the platform, your server's address, such as
# "https://lexico.example.org/move"; TOKEN the secret in its --token-file
# (None: $LEXICO_TOKEN, else none).
SERVER = None
TOKEN = None


def calculate_move(gamestate):
    # Your own logic goes here; this bot asks the engine.
    return lexico_bridge.calculate_move(gamestate, server=SERVER, token=TOKEN)


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            gamestate = json.loads(line)
        except ValueError:
            gamestate = line
        sys.stdout.write(json.dumps(calculate_move(gamestate)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
