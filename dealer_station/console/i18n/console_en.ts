<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Prompts</name>
    <message numerus="yes">
        <location filename="../prompts.py" line="+65"/>
        <source>BURN %n MORE CARD(S)</source>
        <translation>
            <numerusform>BURN %n MORE CARD</numerusform>
            <numerusform>BURN %n MORE CARDS</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>PLACE YOUR BETS – %n s</source>
        <translation>
            <numerusform>PLACE YOUR BETS – %n s</numerusform>
            <numerusform>PLACE YOUR BETS – %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>PLACE YOUR BETS – %n s – LAST SECONDS</source>
        <translation>
            <numerusform>PLACE YOUR BETS – %n s – LAST SECONDS</numerusform>
            <numerusform>PLACE YOUR BETS – %n s – LAST SECONDS</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n misread(s) in a row at %1</source>
        <translation>
            <numerusform>%n misread in a row at %1</numerusform>
            <numerusform>%n misreads in a row at %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>BURN CARD %1: %n MORE TO BURN</source>
        <translation>
            <numerusform>BURN CARD %1: %n MORE TO BURN</numerusform>
            <numerusform>BURN CARD %1: %n MORE TO BURN</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message numerus="yes">
        <location filename="../supervisor_screen.py" line="+353"/>
        <source>Session of %1 ends in %n s without a touch: touch the screen to stay logged in.</source>
        <translation>
            <numerusform>Session of %1 ends in %n s without a touch: touch the screen to stay logged in.</numerusform>
            <numerusform>Session of %1 ends in %n s without a touch: touch the screen to stay logged in.</numerusform>
        </translation>
    </message>
</context>
</TS>
