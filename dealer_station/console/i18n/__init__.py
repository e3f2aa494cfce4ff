"""Translations of the console: ``console_<lang>.ts`` (Qt Linguist sources) and ``console_<lang>.qm``.

Refresh the sources after changing a string::

    pyside6-lupdate dealer_station/console/*.py -ts dealer_station/console/i18n/console_ar.ts ...

and compile a translated file with ``pyside6-lrelease console_ar.ts``; ``dealer-station console
--lang ar`` loads ``console_ar.qm`` from here and lays the screens out right to left.
"""
