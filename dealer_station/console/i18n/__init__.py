"""Translations of the console: ``console_<lang>.ts`` (Qt Linguist sources) and ``console_<lang>.qm``.

Arabic, Hungarian, Portuguese and Telugu, the languages of the rule sheets. After changing a
string, ``make translations`` runs ``pyside6-lupdate`` over ``dealer_station/console/*.py`` into
every ``.ts`` (a new string arrives unfinished) and ``pyside6-lrelease`` on each into its ``.qm``;
``dealer-station console --language ar`` loads ``console_ar.qm`` from here and lays the screens out
right to left (docs/console.md "Languages").
"""
