"""National objectives for tools/gen_boards.py (placeholder, filled below)."""


def objectives_for(info):
    return (), (), ()


def variant_objectives(info):
    return (), (), ()
