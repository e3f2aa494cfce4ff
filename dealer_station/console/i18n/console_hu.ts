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
        <location filename="../dealer_screen.py" line="83"/>
        <source>TOTAL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="118"/>
        <source>WINS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="122"/>
        <location filename="../dealer_screen.py" line="270"/>
        <source>TIE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="196"/>
        <source>TABLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="197"/>
        <source>SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="198"/>
        <source>ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="199"/>
        <source>CARDS LEFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="200"/>
        <source>BURN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="201"/>
        <source>CUT CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="202"/>
        <source>SHOE LINK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="206"/>
        <source>LAST ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="230"/>
        <location filename="../dealer_screen.py" line="269"/>
        <source>PLAYER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="231"/>
        <location filename="../dealer_screen.py" line="269"/>
        <source>BANKER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="252"/>
        <source>ROADS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="257"/>
        <source>Roads are not available in this build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="267"/>
        <source>SHOE STATISTICS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="270"/>
        <source>ROUNDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="285"/>
        <source>BETS OFFERED THIS ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="302"/>
        <source>NEW SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="302"/>
        <source>SHUFFLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="302"/>
        <source>OPEN BETTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="303"/>
        <source>NO MORE BETS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="303"/>
        <source>CONFIRM RESULT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="304"/>
        <source>DRAW CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="304"/>
        <source>CALL SUPERVISOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="315"/>
        <location filename="../dealer_screen.py" line="473"/>
        <source>NEXT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="315"/>
        <location filename="../dealer_screen.py" line="474"/>
        <source>SPACE / ENTER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="351"/>
        <source>SHOW CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="353"/>
        <source>%1 TO BURN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="356"/>
        <source>DONE %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="360"/>
        <source>OUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="362"/>
        <source>IN SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="364"/>
        <source>ONLINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="366"/>
        <source>OFFLINE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="392"/>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="399"/>
        <source>MISREAD – RESCAN %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="401"/>
        <source>(%1×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="415"/>
        <source>INCIDENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="417"/>
        <source>%1 AT %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="450"/>
        <source>Player pairs %1   Banker pairs %2   Naturals %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="82"/>
        <source>Dealer Station – Punto Banco</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../main_window.py" line="140"/>
        <source>called from the dealer console</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../prompts.py" line="46"/>
        <source>PLAYER CARD %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="47"/>
        <source>BANKER CARD %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="54"/>
        <source>BANKER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="55"/>
        <source>PLAYER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="56"/>
        <source>TIE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="63"/>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="64"/>
        <source>Banker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="65"/>
        <source>Tie</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="66"/>
        <source>Player Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="67"/>
        <source>Banker Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="68"/>
        <source>Either Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="69"/>
        <source>Perfect Pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="70"/>
        <source>Player Natural</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="71"/>
        <source>Banker Natural</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="72"/>
        <source>Player Bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="73"/>
        <source>Banker Bonus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="74"/>
        <source>Lucky Six</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="75"/>
        <source>2 Cards Lucky Six</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="76"/>
        <source>3 Cards Lucky Six</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="84"/>
        <source>NO SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="85"/>
        <source>SHUFFLE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="86"/>
        <source>BURN CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="87"/>
        <source>READY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="88"/>
        <source>BURNING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="89"/>
        <source>BETTING OPEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="90"/>
        <location filename="../prompts.py" line="136"/>
        <source>NO MORE BETS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="91"/>
        <location filename="../prompts.py" line="139"/>
        <source>DEALING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="92"/>
        <location filename="../prompts.py" line="112"/>
        <source>RESULT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="93"/>
        <source>PAUSED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="94"/>
        <source>SHOE END</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="105"/>
        <source>TIE %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="107"/>
        <source>PLAYER WINS %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="109"/>
        <source>BANKER WINS %1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="111"/>
        <source>ROUND VOIDED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="119"/>
        <source>NEW SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="121"/>
        <source>SHUFFLE AND LOAD THE SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="124"/>
        <source>OPEN BETTING – ROUND %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="126"/>
        <source>SHOW THE BURN CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="129"/>
        <source>BURN %n MORE CARD(S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="133"/>
        <source>PLACE YOUR BETS %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="134"/>
        <source>PLACE YOUR BETS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="139"/>
        <source>DEAL %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="143"/>
        <source>ROUND PAUSED – CALL THE SUPERVISOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="145"/>
        <source>SHOE ENDED – NEW SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="154"/>
        <source>Rescan %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="157"/>
        <source>Press NEW SHOE to start a shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="159"/>
        <source>Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="161"/>
        <source>Press NO MORE BETS to close betting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="163"/>
        <source>Announce the result, then CONFIRM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="165"/>
        <source>Press OPEN BETTING</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="167"/>
        <source>Draw one card and show it: it sets the burn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="169"/>
        <source>Burn the next card face down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="172"/>
        <source>Deal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../prompts.py" line="174"/>
        <source>Wait for the supervisor</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message>
        <location filename="../supervisor_screen.py" line="132"/>
        <source>SUPERVISOR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="137"/>
        <source>user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="140"/>
        <source>PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="144"/>
        <source>LOG IN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="147"/>
        <source>LOG OUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="152"/>
        <source>DEALER SCREEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="162"/>
        <source>INCIDENT &amp;&amp; ACTS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="163"/>
        <source>SIDE-BET EDGE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="164"/>
        <source>ROUND RECALL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="175"/>
        <source>INCIDENT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="176"/>
        <location filename="../supervisor_screen.py" line="519"/>
        <source>No incident: the round is not paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="183"/>
        <source>WHEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="183"/>
        <source>POSITION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="184"/>
        <location filename="../supervisor_screen.py" line="253"/>
        <source>REASON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="184"/>
        <source>STATE BEFORE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="185"/>
        <source>SHOE / ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="194"/>
        <source>EVIDENCE AND LAST RAW FRAMES FROM THE SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="196"/>
        <location filename="../supervisor_screen.py" line="286"/>
        <source>time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="196"/>
        <source>frame</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="196"/>
        <source>hex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="196"/>
        <source>text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="206"/>
        <source>ACT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="211"/>
        <source>RESUME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="211"/>
        <source>ENTER CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="211"/>
        <source>MOVE CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="212"/>
        <source>VOID ROUND</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="212"/>
        <source>END SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="227"/>
        <source>card, e.g. QD or 10H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="237"/>
        <source>— choose a reason code —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="242"/>
        <source>note (required): what happened, who was called</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="244"/>
        <source>CARD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="245"/>
        <source>FROM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="246"/>
        <source>TO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="255"/>
        <source>NOTE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="260"/>
        <source>WHAT WILL HAPPEN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="266"/>
        <source>CONFIRM ACT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="281"/>
        <source>SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="282"/>
        <location filename="../supervisor_screen.py" line="559"/>
        <source>No alert in this shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="286"/>
        <source>bet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="286"/>
        <source>player EV per unit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="287"/>
        <source>cards left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="287"/>
        <location filename="../supervisor_screen.py" line="309"/>
        <source>round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="297"/>
        <source>SHOE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="299"/>
        <source>this shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="300"/>
        <source>all shoes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="302"/>
        <source>LOAD ROUNDS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="309"/>
        <source>shoe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="309"/>
        <source>status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="309"/>
        <source>player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="310"/>
        <source>banker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="310"/>
        <source>result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="310"/>
        <source>incidents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="310"/>
        <source>acts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="329"/>
        <source>Type the user and the PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="337"/>
        <source>REFUSED: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="337"/>
        <location filename="../supervisor_screen.py" line="494"/>
        <source>wrong PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="342"/>
        <source>REFUSED: wrong user or PIN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="367"/>
        <source>logged in: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="367"/>
        <source>not logged in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="409"/>
        <source>Choose an act.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="413"/>
        <source>Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="421"/>
        <source>(type a valid card)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="422"/>
        <source>Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the third-card rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="427"/>
        <source>The card at %1 moves to %2; totals and who draws are recomputed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="431"/>
        <source>Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. The next round is round %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="435"/>
        <source>Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer is asked for a new shoe (shuffle and burn).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="443"/>
        <source>log in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="445"/>
        <source>choose an act</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="447"/>
        <source>a reason code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="449"/>
        <source>a note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="454"/>
        <source>a valid card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="456"/>
        <source>two different positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="471"/>
        <location filename="../supervisor_screen.py" line="477"/>
        <source>Still needed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="494"/>
        <source>REFUSED – not authorised: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="497"/>
        <source>REFUSED – not allowed now: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="499"/>
        <source>ERROR: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="502"/>
        <source>DONE: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="541"/>
        <source>incident</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="541"/>
        <source>evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="573"/>
        <source>%1 favours the player now (EV %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
