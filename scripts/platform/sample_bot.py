#!/usr/bin/env python3
"""A sample AI Gaming platform bot that plays with the Lexico engine.

On the platform: upload it with lexico_bridge.py; calculate_move is the
platform's entry point. In our arena, as an external seat, it speaks one
gamestate a line on stdin and one move a line on stdout:

  lexico-bot play --p1 'cmd:python3 scripts/platform/sample_bot.py' --p2 equity
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import lexico_bridge  # noqa: E402


def calculate_move(gamestate):
    # Your own logic goes here; this bot asks the engine.
    return lexico_bridge.calculate_move(gamestate)


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
