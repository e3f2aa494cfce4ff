"""The pure game core: cards, rules, outcome, pay tables, settlement, odds and roads.

No I/O, no clock, no threads, no Qt (DESIGN.md layout). Every rule cites RULES.md.
"""
