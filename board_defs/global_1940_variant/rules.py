"""Economy, turn and victory rule flags of the Global 1940 power-by-power variant: the Global 1940
flags unchanged (004 changes the political situations and objectives, which live in objectives.py)."""
from board_defs.global_1940.rules import RULES  # noqa: F401
