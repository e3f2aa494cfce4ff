<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="hu_HU">
<context>
    <name>CardFace</name>
    <message>
        <location filename="../cards.py" line="76"/>
        <location filename="../cards.py" line="134"/>
        <source>MANUAL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../cards.py" line="79"/>
        <source>RESCAN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../cards.py" line="81"/>
        <source>NEXT</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DealerScreen</name>
    <message>
        <location filename="../dealer_screen.py" line="85"/>
        <source>TOTAL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="126"/>
        <source>WINS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="130"/>
        <location filename="../dealer_screen.py" line="294"/>
        <source>TIE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="208"/>
        <source>TABLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="209"/>
        <source>SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="210"/>
        <source>ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="211"/>
        <source>CARDS LEFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="212"/>
        <source>BURN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="213"/>
        <source>CUT CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="214"/>
        <source>SHOE LINK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="225"/>
        <source>LAST ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="251"/>
        <location filename="../dealer_screen.py" line="293"/>
        <source>PLAYER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="252"/>
        <location filename="../dealer_screen.py" line="292"/>
        <source>BANKER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="273"/>
        <source>ROADS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="278"/>
        <source>Roads are not available in this build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="288"/>
        <source>SHOE STATISTICS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="295"/>
        <source>ROUNDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="312"/>
        <source>BETS OFFERED THIS ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="329"/>
        <source>NEW SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="330"/>
        <source>SHUFFLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="331"/>
        <source>OPEN BETTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="332"/>
        <source>NO MORE BETS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="333"/>
        <source>CONFIRM RESULT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="334"/>
        <source>DRAW CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="335"/>
        <source>CALL SUPERVISOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="347"/>
        <location filename="../dealer_screen.py" line="511"/>
        <source>NEXT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="347"/>
        <source>SPACE / ENTER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="383"/>
        <source>SHOW CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="385"/>
        <source>%1 TO BURN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="388"/>
        <source>DONE %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="392"/>
        <source>OUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="394"/>
        <source>IN SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="396"/>
        <source>ONLINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="398"/>
        <source>OFFLINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="426"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="433"/>
        <source>MISREAD – RESCAN %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="435"/>
        <source>(%1×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="449"/>
        <source>INCIDENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="451"/>
        <source>%1 AT %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="485"/>
        <source>Player pairs %1   Banker pairs %2   Naturals %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="90"/>
        <source>Dealer Station – Punto Banco</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="154"/>
        <source>called from the dealer console</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../prompts.py" line="48"/>
        <source>PLAYER CARD %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="49"/>
        <source>BANKER CARD %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="58"/>
        <source>THE BURN CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="59"/>
        <source>THE CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="66"/>
        <source>BANKER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="67"/>
        <source>PLAYER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="68"/>
        <source>TIE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="75"/>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="76"/>
        <source>Banker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="77"/>
        <source>Tie</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="78"/>
        <source>Player Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="79"/>
        <source>Banker Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="80"/>
        <source>Either Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="81"/>
        <source>Perfect Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="82"/>
        <source>Player Natural</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="83"/>
        <source>Banker Natural</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="84"/>
        <source>Player Bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="85"/>
        <source>Banker Bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="86"/>
        <source>Lucky Six</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="87"/>
        <source>2 Cards Lucky Six</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="88"/>
        <source>3 Cards Lucky Six</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="96"/>
        <source>NO SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="97"/>
        <source>SHUFFLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="98"/>
        <source>BURN CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="99"/>
        <source>READY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="100"/>
        <source>BURNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="101"/>
        <source>BETTING OPEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="102"/>
        <location filename="../prompts.py" line="150"/>
        <source>NO MORE BETS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="103"/>
        <location filename="../prompts.py" line="153"/>
        <source>DEALING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="104"/>
        <location filename="../prompts.py" line="124"/>
        <source>RESULT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="105"/>
        <source>PAUSED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="106"/>
        <source>SHOE END</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="117"/>
        <source>TIE %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="119"/>
        <source>PLAYER WINS %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="121"/>
        <source>BANKER WINS %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="123"/>
        <source>ROUND VOIDED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="131"/>
        <source>RESCAN %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="133"/>
        <source>NEW SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="135"/>
        <source>SHUFFLE AND LOAD THE SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="138"/>
        <source>OPEN BETTING – ROUND %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="140"/>
        <source>SHOW THE BURN CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="143"/>
        <source>BURN %n MORE CARD(S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="147"/>
        <source>PLACE YOUR BETS %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="148"/>
        <source>PLACE YOUR BETS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="153"/>
        <source>DEAL %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="157"/>
        <source>ROUND PAUSED – CALL THE SUPERVISOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="159"/>
        <source>SHOE ENDED – NEW SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="168"/>
        <source>Rescan %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="171"/>
        <source>Press NEW SHOE to start a shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="173"/>
        <source>Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="175"/>
        <source>Press NO MORE BETS to close betting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="177"/>
        <source>Announce the result, then CONFIRM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="179"/>
        <source>Press OPEN BETTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="181"/>
        <source>Draw one card and show it: it sets the burn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="183"/>
        <source>Burn the next card face down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="186"/>
        <source>Deal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="188"/>
        <source>Wait for the supervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="230"/>
        <source>NATURAL: PLAYER %1, BANKER %2: NO MORE CARDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="233"/>
        <source>PLAYER DRAWS ON %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="239"/>
        <source>BANKER DRAWS (PLAYER STOOD; BANKER %1: DRAWS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="241"/>
        <source>BANKER DRAWS (BANKER %1, PLAYER&apos;S THIRD CARD %2: DRAWS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="244"/>
        <source>PLAYER STANDS ON %1; BANKER STANDS (PLAYER STOOD; BANKER %2: STANDS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="246"/>
        <source>BANKER STANDS (BANKER %1, PLAYER&apos;S THIRD CARD %2: STANDS)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message>
        <location filename="../supervisor_screen.py" line="150"/>
        <source>SUPERVISOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="155"/>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="158"/>
        <location filename="../supervisor_screen.py" line="181"/>
        <source>PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="162"/>
        <source>LOG IN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="165"/>
        <source>LOG OUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="170"/>
        <source>DEALER SCREEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="196"/>
        <source>INCIDENT &amp;&amp; ACTS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="197"/>
        <source>SIDE-BET EDGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="198"/>
        <source>ROUND RECALL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="211"/>
        <source>INCIDENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="212"/>
        <location filename="../supervisor_screen.py" line="633"/>
        <source>No incident: the round is not paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="221"/>
        <source>WHEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="222"/>
        <source>POSITION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="223"/>
        <location filename="../supervisor_screen.py" line="300"/>
        <source>REASON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="224"/>
        <source>STATE BEFORE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="225"/>
        <source>DETAIL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="226"/>
        <source>SHOE / ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="237"/>
        <source>EVIDENCE AND LAST RAW FRAMES FROM THE SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239"/>
        <location filename="../supervisor_screen.py" line="334"/>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239"/>
        <source>frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239"/>
        <source>hex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239"/>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="249"/>
        <source>ACT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="255"/>
        <source>RESUME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="256"/>
        <source>ENTER CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="257"/>
        <source>MOVE CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="258"/>
        <source>VOID ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="259"/>
        <source>END SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="275"/>
        <source>card, e.g. QD or 10H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="284"/>
        <source>— choose a reason code —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="289"/>
        <source>note (required): what happened, who was called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="291"/>
        <source>CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="292"/>
        <source>FROM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="293"/>
        <source>TO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="302"/>
        <source>NOTE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="307"/>
        <source>WHAT WILL HAPPEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="313"/>
        <source>CONFIRM ACT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="328"/>
        <source>SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="329"/>
        <location filename="../supervisor_screen.py" line="674"/>
        <source>No alert in this shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334"/>
        <source>bet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334"/>
        <source>player EV per unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334"/>
        <source>cards left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334"/>
        <location filename="../supervisor_screen.py" line="360"/>
        <source>round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="345"/>
        <source>SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="347"/>
        <source>this shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="348"/>
        <source>all shoes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="350"/>
        <source>LOAD ROUNDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="359"/>
        <source>shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="361"/>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="362"/>
        <source>player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="363"/>
        <source>banker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="364"/>
        <source>result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="365"/>
        <source>incidents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="366"/>
        <source>acts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="388"/>
        <source>Type the user and the PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="396"/>
        <source>REFUSED: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="396"/>
        <location filename="../supervisor_screen.py" line="608"/>
        <source>wrong PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="401"/>
        <source>REFUSED: wrong user or PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="434"/>
        <source>logged in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="434"/>
        <source>not logged in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="480"/>
        <source>Choose an act.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="482"/>
        <source>The table is not paused: there is nothing to resolve, and the controller will refuse.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="484"/>
        <source>The shoe is still disconnected: reconnect it first (the controller refuses to resume).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="486"/>
        <source>No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="492"/>
        <source>Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="503"/>
        <source>(type a valid card)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="506"/>
        <source>Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the third-card rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="510"/>
        <source>the position due</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="517"/>
        <source>The cards at %1 and %2 change places; totals and who draws are recomputed. Refused when a card dealt after them would no longer be due: then void the round.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="526"/>
        <source>Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. The next round is round %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="536"/>
        <source>Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer is asked for a new shoe (shuffle and burn).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="557"/>
        <source>log in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="559"/>
        <source>choose an act</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="561"/>
        <source>a reason code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="563"/>
        <source>a note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="568"/>
        <source>a valid card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="570"/>
        <source>two different positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="584"/>
        <location filename="../supervisor_screen.py" line="590"/>
        <source>Still needed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="608"/>
        <source>REFUSED – not authorised: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="611"/>
        <source>REFUSED – not allowed now: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="613"/>
        <source>ERROR: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="616"/>
        <source>DONE: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="656"/>
        <source>incident</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="656"/>
        <source>evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="694"/>
        <source>%1 favours the player now (EV %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
