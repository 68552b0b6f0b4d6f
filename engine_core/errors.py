"""Errors the engine raises. Every refusal names the rule that forbids it."""


class RuleError(ValueError):
    """An action or answer the rules forbid. The state is unchanged.

    `rule` is the digest id (e.g. "P40-C-07"), `message` says what was wrong
    in words a player understands.
    """

    def __init__(self, rule, message):
        super().__init__(rule + ": " + message)
        self.rule = rule
        self.message = message


class InputError(ValueError):
    """Malformed input that is not a rules question (bad spec, corrupt save)."""

    def __init__(self, message, rule="INPUT"):
        super().__init__(message)
        self.rule = rule
        self.message = message
