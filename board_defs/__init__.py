"""Per-edition board data (see board_defs/README.md). Data only; loaded by engine_core.board."""

EDITIONS = ("classic", "revised", "revised_lhtr", "pacific_1940", "global_1940",
            "global_1940_variant")
