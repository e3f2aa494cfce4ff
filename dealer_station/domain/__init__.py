"""The pure game core: cards, rules, outcome, pay tables, settlement, odds and roads.

No I/O, no clock, no threads, no Qt (docs/design.md "Layout"). Every rule cites its section of docs/rules.md.
"""
