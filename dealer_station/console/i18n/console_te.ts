<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="te_IN">
<context>
    <name>ActPanel</name>
    <message>
        <location filename="../act_panel.py" line="+66"/>
        <source>ACT</source>
        <translation>చర్య</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>RESUME</source>
        <translation>కొనసాగించు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ENTER CARD</source>
        <translation>కార్డ్ నమోదు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MOVE CARD</source>
        <translation>కార్డ్ మార్చు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VOID ROUND</source>
        <translation>రౌండ్ రద్దు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>END SHOE</source>
        <translation>షూ ముగించు</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>card, e.g. QD or 10H</source>
        <translation>కార్డ్, ఉదా. QD లేదా 10H</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>DISCARD THE HELD CARDS</source>
        <translation>ఆపిన కార్డులను తీసివేయండి</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>— choose a reason code —</source>
        <translation>— కారణం ఎంచుకోండి —</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>note (required): what happened, who was called</source>
        <translation>గమనిక (తప్పనిసరి): ఏమైంది, ఎవరిని పిలిచారు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CARD</source>
        <translation>కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FROM</source>
        <translation>నుండి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TO</source>
        <translation>కు</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>REASON</source>
        <translation>కారణం</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NOTE</source>
        <translation>గమనిక</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>WHAT WILL HAPPEN</source>
        <translation>ఏమి జరుగుతుంది</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CONFIRM ACT</source>
        <translation>చర్య నిర్ధారించండి</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose an act.</source>
        <translation>ఒక చర్య ఎంచుకోండి.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The table is not paused: there is nothing to resolve, and the controller will refuse.</source>
        <translation>టేబుల్ పాజ్‌లో లేదు: పరిష్కరించాల్సింది ఏమీ లేదు, కంట్రోలర్ తిరస్కరిస్తుంది.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shoe is still disconnected: reconnect it first (the controller refuses to resume).</source>
        <translation>షూ ఇంకా కనెక్ట్ కాలేదు: ముందు దాన్ని కనెక్ట్ చేయండి (కంట్రోలర్ కొనసాగించడానికి నిరాకరిస్తుంది).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.</source>
        <translation>ఏ రౌండ్ తెరిచి లేదు (%1 నుండి పాజ్): రద్దు చేయడానికి ఏమీ లేదు. కొనసాగించు లేదా షూ ముగించు ఉపయోగించండి.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. RESUME is refused until it is dealt with: ENTER CARD %1 to place it, or tick DISCARD THE HELD CARDS to discard it.</source>
        <translation>పాజ్ సమయంలో షూ %1 చదివింది; కార్డ్ ఆపబడింది. దాన్ని పరిష్కరించే వరకు కొనసాగించు తిరస్కరించబడుతుంది: ఉంచడానికి కార్డ్ నమోదు %1, లేదా తీసివేయడానికి ఆపిన కార్డులను తీసివేయండి ఎంచుకోండి.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. Enter %1, or RESUME with DISCARD THE HELD CARDS ticked to discard it first.</source>
        <translation>పాజ్ సమయంలో షూ %1 చదివింది; కార్డ్ ఆపబడింది. %1 నమోదు చేయండి, లేదా ముందుగా తీసివేయడానికి ఆపిన కార్డులను తీసివేయండి ఎంచుకుని కొనసాగించు.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The journal cannot be written: only RESUME is taken until it can.</source>
        <translation>జర్నల్‌లో రాయలేము: రాయగలిగే వరకు కొనసాగించు మాత్రమే స్వీకరించబడుతుంది.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No card is expected now (paused from %1): ENTER CARD is refused.</source>
        <translation>ఇప్పుడు ఏ కార్డూ రావలసి లేదు (%1 నుండి పాజ్): కార్డ్ నమోదు తిరస్కరించబడింది.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round&apos;s cards are all out: no card is due. Use RESUME.</source>
        <translation>రౌండ్ కార్డులన్నీ వచ్చేశాయి: ఏ కార్డూ రావలసి లేదు. కొనసాగించు ఉపయోగించండి.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cut card came out before this round&apos;s first card: no more rounds are dealt. Use RESUME, VOID ROUND or END SHOE.</source>
        <translation>ఈ రౌండ్ మొదటి కార్డ్‌కు ముందే కట్ కార్డ్ వచ్చింది: ఇక రౌండ్లు పంచరు. కొనసాగించు, రౌండ్ రద్దు లేదా షూ ముగించు ఉపయోగించండి.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not in the shoe any more (all its copies are out): ENTER CARD is refused.</source>
        <translation>%1 ఇక షూలో లేదు (దాని అన్ని ప్రతులు బయటకు వచ్చాయి): కార్డ్ నమోదు తిరస్కరించబడింది.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move %1 would not be due by the third-card rules: MOVE CARD is refused. Void the round instead.</source>
        <translation>ఈ మార్పు తర్వాత మూడవ కార్డ్ నియమాల ప్రకారం %1 రావలసింది కాదు: కార్డ్ మార్చు తిరస్కరించబడింది. బదులుగా రౌండ్ రద్దు చేయండి.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move the round would need more cards: MOVE CARD is refused.</source>
        <translation>ఈ మార్పు తర్వాత రౌండ్‌కు మరిన్ని కార్డులు కావాలి: కార్డ్ మార్చు తిరస్కరించబడింది.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 and %2 must be two different cards already dealt in this round: MOVE CARD is refused.</source>
        <translation>%1 మరియు %2 ఈ రౌండ్‌లో ఇప్పటికే పంచిన రెండు వేర్వేరు కార్డులు కావాలి: కార్డ్ మార్చు తిరస్కరించబడింది.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The journal is written again first (RESUME is refused while it still fails); then the table goes on where it stopped.</source>
        <translation>ముందు జర్నల్ మళ్లీ రాయబడుతుంది (అది విఫలమవుతున్నంత వరకు కొనసాగించు తిరస్కరించబడుతుంది); తర్వాత టేబుల్ ఆగిన చోటు నుండి కొనసాగుతుంది.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shoe events held during the failure (%1) are then journaled and acted on, in order, as if read now.</source>
        <translation>వైఫల్యం సమయంలో ఆపిన షూ సంఘటనలు (%1) తర్వాత క్రమంలో జర్నల్‌లో నమోదై, ఇప్పుడే చదివినట్లు అమలవుతాయి.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The burn of shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>షూ %1 లో కార్డులు పక్కన పెట్టడం ఆగిన చోటు నుండి కొనసాగుతుంది (%2); తప్పు రీడ్‌ల లెక్క మళ్లీ మొదలవుతుంది. ఏ కార్డూ మారదు.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>షూ %1 ఆగిన చోటు నుండి కొనసాగుతుంది (%2); తప్పు రీడ్‌ల లెక్క మళ్లీ మొదలవుతుంది. ఏ కార్డూ మారదు.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The held cards %1 are DISCARDED (recorded).</source>
        <translation>ఆపిన కార్డులు %1 తీసివేయబడతాయి (నమోదు చేయబడింది).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The held cards %1 are DISCARDED (recorded). Round %2 of shoe %3 resumes where it stopped (%4); the misread count restarts.</source>
        <translation>ఆపిన కార్డులు %1 తీసివేయబడతాయి (నమోదు చేయబడింది). షూ %3 లోని రౌండ్ %2 ఆగిన చోటు నుండి కొనసాగుతుంది (%4); తప్పు రీడింగ్ లెక్క మళ్లీ మొదలవుతుంది.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes.</source>
        <translation>షూ %2 లోని రౌండ్ %1 ఆగిన చోటు నుండి కొనసాగుతుంది (%3); తప్పు రీడింగ్ లెక్క మళ్లీ మొదలవుతుంది. ఏ కార్డూ మారదు.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(type a valid card)</source>
        <translation>(సరైన కార్డ్ టైప్ చేయండి)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the third-card rules.</source>
        <translation>కార్డ్ %1 రౌండ్ %3 లో %2 వద్ద ఉంచబడి మాన్యువల్‌గా నమోదవుతుంది; రౌండ్ మూడవ కార్డు నియమాల ప్రకారం కొనసాగుతుంది.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the position due</source>
        <translation>రావలసిన స్థానం</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cards at %1 and %2 change places; totals and who draws are worked out again.</source>
        <translation>%1 మరియు %2 వద్ద ఉన్న కార్డులు స్థానాలు మార్చుకుంటాయి; మొత్తాలు, ఎవరు తీసుకుంటారో మళ్లీ లెక్కించబడతాయి.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. The next round is round %3.</source>
        <translation>షూ %2 లోని రౌండ్ %1 రద్దు చేయబడుతుంది: దాని అన్ని పందాలు తిరిగి ఇవ్వబడతాయి. దాని కార్డులు తీసివేయబడతాయి. తదుపరి రౌండ్ %3.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer is asked for a new shoe (shuffle and burn).</source>
        <translation>షూ %1 రౌండ్ %2 తర్వాత ఇప్పుడే ముగుస్తుంది: జరుగుతున్న రౌండ్ రద్దై పందాలు తిరిగి ఇవ్వబడతాయి; డీలర్‌ను కొత్త షూ అడుగుతారు (కలపడం, పక్కన పెట్టడం).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>log in</source>
        <translation>లాగిన్</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>choose an act</source>
        <translation>చర్య ఎంచుకోవడం</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a reason code</source>
        <translation>కారణం</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note</source>
        <translation>గమనిక</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note in plain text (no control characters)</source>
        <translation>సాధారణ పాఠ్యంలో గమనిక (నియంత్రణ అక్షరాలు లేకుండా)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a valid card</source>
        <translation>సరైన కార్డ్</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>two different positions</source>
        <translation>రెండు వేర్వేరు స్థానాలు</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Still needed: %1</source>
        <translation>ఇంకా కావాలి: %1</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>an incident to act on</source>
        <translation>చర్య తీసుకోవాల్సిన సంఘటన</translation>
    </message>
</context>
<context>
    <name>CardFace</name>
    <message>
        <location filename="../cards.py" line="+79"/>
        <location line="+58"/>
        <source>MANUAL</source>
        <translation>మాన్యువల్</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>RESCAN</source>
        <translation>మళ్లీ స్కాన్</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEXT</source>
        <translation>తదుపరి</translation>
    </message>
</context>
<context>
    <name>DealerScreen</name>
    <message>
        <location filename="../dealer_panels.py" line="+98"/>
        <source>TOTAL</source>
        <translation>మొత్తం</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>WINS</source>
        <translation>గెలుపు</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TIE</source>
        <translation>టై</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+49"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>TABLE</source>
        <translation>టేబుల్</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>SHOE</source>
        <translation>షూ</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>ROUND</source>
        <translation>రౌండ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARDS LEFT</source>
        <translation>మిగిలిన కార్డులు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN</source>
        <translation>పక్కన పెట్టడం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD</source>
        <translation>కట్ కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE LINK</source>
        <translation>షూ కనెక్షన్</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LAST ROUND</source>
        <translation>తుది రౌండ్</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+206"/>
        <source>PLAYER</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>ROADS</source>
        <translation>రోడ్లు</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Roads are not available in this build</source>
        <translation>ఈ వెర్షన్‌లో రోడ్లు అందుబాటులో లేవు</translation>
    </message>
    <message>
        <location line="+18"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>BETS OFFERED THIS ROUND</source>
        <translation>ఈ రౌండ్‌లో అందుబాటులో ఉన్న పందాలు</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>NEW SHOE</source>
        <translation>కొత్త షూ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLED</source>
        <translation>కలపడం పూర్తి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEN BETTING</source>
        <translation>పందాలు తెరవండి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NO MORE BETS</source>
        <translation>ఇక పందాలు లేవు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CONFIRM RESULT</source>
        <translation>ఫలితం నిర్ధారించండి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DRAW CARD</source>
        <translation>కార్డ్ తీయండి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CALL SUPERVISOR</source>
        <translation>సూపర్వైజర్‌ను పిలవండి</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+234"/>
        <source>NEXT</source>
        <translation>తదుపరి</translation>
    </message>
    <message>
        <location line="-234"/>
        <source>SPACE / ENTER</source>
        <translation>స్పేస్ / ఎంటర్</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>NO DEALER  [F6]</source>
        <translation>డీలర్ లేరు  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEMO DEALER  [F6]</source>
        <translation>డెమో డీలర్  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEALER %1  [F6]</source>
        <translation>డీలర్ %1  [F6]</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+29"/>
        <source>SHOW CARD</source>
        <translation>కార్డ్ చూపండి</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 TO BURN</source>
        <translation>%1 పక్కన పెట్టాలి</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE %1</source>
        <translation>పూర్తి %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OUT</source>
        <translation>బయటకు వచ్చింది</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>IN SHOE</source>
        <translation>షూలో ఉంది</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="-88"/>
        <source>ONLINE</source>
        <translation>కనెక్ట్ అయింది</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="+0"/>
        <source>OFFLINE</source>
        <translation>కనెక్షన్ లేదు</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+88"/>
        <source>none</source>
        <translation>ఏవీ లేవు</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>MISREAD – RESCAN %1</source>
        <translation>తప్పు రీడింగ్ – %1 మళ్లీ స్కాన్ చేయండి</translation>
    </message>
    <message>
        <location line="-74"/>
        <location line="+76"/>
        <source>(%1×)</source>
        <translation>(%1×)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>INCIDENT</source>
        <translation>సంఘటన</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 AT %2</source>
        <translation>%2 వద్ద %1</translation>
    </message>
    <message>
        <location line="-216"/>
        <source>NO SOUND</source>
        <translation>శబ్దం లేదు</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>CHANGE SHOE</source>
        <translation>షూ మార్చండి</translation>
    </message>
</context>
<context>
    <name>Display</name>
    <message>
        <location filename="../../display/page.py" line="-30"/>
        <source>no limit</source>
        <translation>పరిమితి లేదు</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Waiting for the table</source>
        <translation>టేబుల్ కోసం వేచి ఉంది</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Getting the shoe so far from the table: %1 of %2 events</source>
        <translation>ఇప్పటివరకు ఉన్న షూను టేబుల్ నుండి తెస్తోంది: %2 లో %1 ఈవెంట్‌లు</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>COMMISSION</source>
        <translation>కమీషన్‌తో</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NO COMMISSION</source>
        <translation>కమీషన్ లేకుండా</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MIN</source>
        <translation>కనిష్టం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MAX</source>
        <translation>గరిష్టం</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Player–Banker difference at most %1</source>
        <translation>ప్లేయర్–బ్యాంకర్ తేడా గరిష్టంగా %1</translation>
    </message>
</context>
<context>
    <name>EdgeTab</name>
    <message>
        <location filename="../edge_tab.py" line="+33"/>
        <source>SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT</source>
        <translation>మిగిలిన కార్డులతో ప్లేయర్‌కు అనుకూలమైన సైడ్ బెట్‌లు</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>No alert in this shoe</source>
        <translation>ఈ షూలో హెచ్చరిక లేదు</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>time</source>
        <translation>సమయం</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bet</source>
        <translation>పందెం</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>player EV per unit</source>
        <translation>యూనిట్‌కు ప్లేయర్ EV</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cards left</source>
        <translation>మిగిలిన కార్డులు</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>round</source>
        <translation>రౌండ్</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 favours the player now (EV %2)</source>
        <translation>%1 ఇప్పుడు ప్లేయర్‌కు అనుకూలం (EV %2)</translation>
    </message>
</context>
<context>
    <name>FirstAccountsDialog</name>
    <message>
        <location filename="../sign_in.py" line="+336"/>
        <source>The first accounts</source>
        <translation>మొదటి ఖాతాలు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a dealer and a supervisor (PIN: 4 to 12 digits). Later accounts are added with dealer-station users add.</source>
        <translation>డీలర్‌ను, సూపర్వైజర్‌ను జోడించండి (పిన్: 4–12 అంకెలు). తర్వాతి ఖాతాలు: dealer-station users add.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>name</source>
        <translation>పేరు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dealer</source>
        <translation>డీలర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>supervisor</source>
        <translation>సూపర్వైజర్</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PIN</source>
        <translation>పిన్</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PIN again</source>
        <translation>పిన్ మళ్లీ</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ADD</source>
        <translation>జోడించు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE</source>
        <translation>పూర్తి</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two PINs differ</source>
        <translation>రెండు పిన్లు వేరుగా ఉన్నాయి</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Added %1 (%2)</source>
        <translation>%1 (%2) జోడించబడింది</translation>
    </message>
</context>
<context>
    <name>IncidentPanel</name>
    <message>
        <location filename="../incident_panel.py" line="+56"/>
        <source>INCIDENT</source>
        <translation>సంఘటన</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>No incident: the round is not paused</source>
        <translation>సంఘటన లేదు: రౌండ్ పాజ్‌లో లేదు</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>WHEN</source>
        <translation>ఎప్పుడు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POSITION</source>
        <translation>స్థానం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REASON</source>
        <translation>కారణం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATE BEFORE</source>
        <translation>ముందటి స్థితి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DETAIL</source>
        <translation>వివరాలు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE / ROUND</source>
        <translation>షూ / రౌండ్</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>THE ROUND</source>
        <translation>రౌండ్</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PLAYER</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>BANKER</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>EVIDENCE AND LAST RAW FRAMES FROM THE SHOE</source>
        <translation>ఆధారం, షూ నుండి చివరి ముడి ఫ్రేములు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time</source>
        <translation>సమయం</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>frame</source>
        <translation>ఫ్రేమ్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hex</source>
        <translation>హెక్స్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>text</source>
        <translation>పాఠ్యం</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>total %1</source>
        <translation>మొత్తం %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card missing: %1</source>
        <translation>లేని కార్డు: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No card is being dealt</source>
        <translation>ఇప్పుడు ఏ కార్డూ పంచడం లేదు</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>incident</source>
        <translation>సంఘటన</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>evidence</source>
        <translation>ఆధారం</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="+145"/>
        <source>Dealer Station – Punto Banco</source>
        <translation>డీలర్ స్టేషన్ – పుంటో బాంకో</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>Accounts added: sign in with one</source>
        <translation>ఖాతాలు జోడించబడ్డాయి: వాటిలో ఒకదానితో సైన్ ఇన్ చేయండి</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Signed out: the next dealer signs in</source>
        <translation>సైన్ అవుట్ అయ్యారు: తదుపరి డీలర్ సైన్ ఇన్ చేయాలి</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>called from the dealer console</source>
        <translation>డీలర్ కన్సోల్ నుండి పిలిచారు</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../prompts.py" line="+140"/>
        <source>PLAYER CARD %1</source>
        <translation>ప్లేయర్ కార్డ్ %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER CARD %1</source>
        <translation>బ్యాంకర్ కార్డ్ %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>THE BURN CARD</source>
        <translation>పక్కన పెట్టే కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>THE CARD</source>
        <translation>కార్డ్</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+38"/>
        <source>A card was read with no shoe open: %1. It is not part of any round.</source>
        <translation>షూ తెరవకుండా ఒక కార్డ్ చదవబడింది: %1. ఇది ఏ రౌండ్‌లోనూ భాగం కాదు.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cut card was read with no shoe open. It is not part of any round.</source>
        <translation>షూ తెరవకుండా కట్ కార్డ్ చదవబడింది. ఇది ఏ రౌండ్‌లోనూ భాగం కాదు.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A misread came from the shoe with no shoe open. It is not part of any round.</source>
        <translation>షూ తెరవకుండా షూ నుండి తప్పు రీడింగ్ వచ్చింది. ఇది ఏ రౌండ్‌లోనూ భాగం కాదు.</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+7"/>
        <source>BANKER</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>టై</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Player</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tie</source>
        <translation>టై</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Pair</source>
        <translation>ప్లేయర్ పెయిర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Pair</source>
        <translation>బ్యాంకర్ పెయిర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Either Pair</source>
        <translation>ఏదైనా జంట</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Perfect Pair</source>
        <translation>పర్ఫెక్ట్ జంట</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Natural</source>
        <translation>ప్లేయర్ నేచురల్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Natural</source>
        <translation>బ్యాంకర్ నేచురల్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Bonus</source>
        <translation>ప్లేయర్ బోనస్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Bonus</source>
        <translation>బ్యాంకర్ బోనస్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lucky Six</source>
        <translation>లక్కీ సిక్స్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2 Cards Lucky Six</source>
        <translation>2 కార్డ్స్ లక్కీ సిక్స్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3 Cards Lucky Six</source>
        <translation>3 కార్డ్స్ లక్కీ సిక్స్</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+6"/>
        <source>MISREAD LIMIT</source>
        <translation>తప్పు రీడింగ్‌ల పరిమితి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD WHILE BETTING WAS OPEN</source>
        <translation>పందాలు తెరిచి ఉండగా కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD AFTER THE ROUND</source>
        <translation>రౌండ్ తర్వాత కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD NOT FROM THIS SHOE</source>
        <translation>ఈ షూలో లేని కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD IN THE BURN</source>
        <translation>పక్కన పెట్టేటప్పుడు కట్ కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE DISCONNECTED</source>
        <translation>షూ కనెక్షన్ తెగింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JOURNAL FAILURE</source>
        <translation>జర్నల్ వైఫల్యం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATION ERROR</source>
        <translation>స్టేషన్ లోపం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OUT OF PROCEDURE</source>
        <translation>ప్రొసీజర్ ఉల్లంఘన</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE BET FAVOURS THE PLAYER</source>
        <translation>సైడ్ బెట్ ప్లేయర్‌కు అనుకూలం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLATFORM EVENT DOES NOT MATCH THE JOURNAL</source>
        <translation>ప్లాట్‌ఫారమ్ ఈవెంట్ జర్నల్‌తో సరిపోలడం లేదు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NOISE ON THE SHOE&apos;S LINE</source>
        <translation>షూ లైన్‌పై శబ్దం</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>misreads in a row at %1: the limit was reached</source>
        <translation>%1 వద్ద వరుసగా తప్పు రీడింగ్‌లు: పరిమితి చేరింది</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+45"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-43"/>
        <source>%1, at %2</source>
        <translation>%1, %2 వద్ద</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>an error inside the station stopped the round: call the station&apos;s technician</source>
        <translation>స్టేషన్ లోపలి లోపం వల్ల రౌండ్ ఆగింది: స్టేషన్ సాంకేతిక నిపుణుడిని పిలవండి</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+15"/>
        <source>%1 (for the technician: %2)</source>
        <translation>%1 (సాంకేతిక నిపుణుడి కోసం: %2)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>an event for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>బెట్టింగ్ ప్లాట్‌ఫారమ్‌కు పంపే ఒక ఈవెంట్ జర్నల్‌తో సరిపోలడం లేదు: అది, దాని తర్వాతి ఈవెంట్‌లు పంపబడవు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>event %1 for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>బెట్టింగ్ ప్లాట్‌ఫారమ్‌కు పంపే ఈవెంట్ %1 జర్నల్‌తో సరిపోలడం లేదు: అది, దాని తర్వాతి ఈవెంట్‌లు పంపబడవు</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 bytes in %2 frames</source>
        <translation>%2 ఫ్రేమ్‌లలో %1 బైట్లు</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, from %2 to %3 UTC</source>
        <translation>%1, %2 నుండి %3 వరకు (UTC)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1; the card is held for the supervisor</source>
        <translation>%1; కార్డ్ సూపర్వైజర్ కోసం నిలిపి ఉంచబడింది</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>card %1</source>
        <translation>కార్డ్ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unread card: %1</source>
        <translation>చదవని కార్డ్: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bytes that are no card: %1</source>
        <translation>కార్డ్ కాని బైట్లు: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe connected</source>
        <translation>షూ కనెక్ట్ అయింది</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe link lost</source>
        <translation>షూ కనెక్షన్ పోయింది</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>evidence</source>
        <translation>ఆధారం</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>error inside the station</source>
        <translation>స్టేషన్ లోపలి లోపం</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Resuming lets the table deal on, but nothing more is sent to the betting platform until the changed event is put back as the journal proves it: call the station&apos;s technician (dealer-station journal verify names the event).</source>
        <translation>కొనసాగిస్తే టేబుల్ పంచడం కొనసాగుతుంది, కానీ మార్చిన ఈవెంట్‌ను జర్నల్ నిరూపించిన విధంగా తిరిగి పెట్టే వరకు బెట్టింగ్ ప్లాట్‌ఫారమ్‌కు ఇంకేమీ పంపబడదు: స్టేషన్ సాంకేతిక నిపుణుడిని పిలవండి (dealer-station journal verify ఆ ఈవెంట్‌ను చూపిస్తుంది).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe&apos;s line sent bytes that are no card. Check the shoe&apos;s cable and plug before resuming. A card read in the noise is held: enter it only if it is the card on the table, otherwise discard it.</source>
        <translation>షూ లైన్ కార్డ్ కాని బైట్‌లను పంపింది. కొనసాగించే ముందు షూ కేబుల్ మరియు ప్లగ్‌ను తనిఖీ చేయండి. శబ్దంలో చదివిన కార్డ్ నిలిపి ఉంచబడింది: అది టేబుల్‌పై ఉన్న కార్డ్ అయితేనే నమోదు చేయండి, లేకపోతే దానిని తీసివేయండి.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>DEALER CALLED THE SUPERVISOR</source>
        <translation>డీలర్ సూపర్వైజర్‌ను పిలిచారు</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>scanner misread</source>
        <translation>స్కానర్ తప్పు రీడింగ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card exposed</source>
        <translation>కార్డ్ బయటపడింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card dropped</source>
        <translation>కార్డ్ పడిపోయింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dealer error</source>
        <translation>డీలర్ పొరపాటు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card in the wrong place</source>
        <translation>తప్పు స్థానంలో కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device fault</source>
        <translation>పరికర లోపం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network fault</source>
        <translation>నెట్‌వర్క్ లోపం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>procedure</source>
        <translation>ప్రొసీజర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>game integrity</source>
        <translation>ఆట సమగ్రత</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>ఇతర</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the dealer called the supervisor</source>
        <translation>డీలర్ సూపర్వైజర్‌ను పిలిచారు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card not read</source>
        <translation>కార్డ్ రీడ్ కాలేదు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connection lost</source>
        <translation>కనెక్షన్ పోయింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card came out</source>
        <translation>ఒక కార్డ్ వచ్చింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>more copies than the shoe holds</source>
        <translation>షూలో ఉన్నవాటి కంటే ఎక్కువ కాపీలు</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>too much noise on the shoe&apos;s line</source>
        <translation>షూ లైన్‌పై అధిక శబ్దం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card was read inside line noise</source>
        <translation>లైన్ శబ్దం మధ్యలో ఒక కార్డ్ చదవబడింది</translation>
    </message>
    <message>
        <location line="-97"/>
        <location line="+77"/>
        <source>cut card</source>
        <translation>కట్ కార్డ్</translation>
    </message>
    <message numerus="yes">
        <location filename="../prompts.py" line="-103"/>
        <source>%n misread(s) in a row at %1</source>
        <translation>
            <numerusform>%1 వద్ద వరుసగా %n తప్పు రీడింగ్</numerusform>
            <numerusform>%1 వద్ద వరుసగా %n తప్పు రీడింగ్‌లు</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+1"/>
        <source>card before betting opened</source>
        <translation>పందాలు తెరవకముందే కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card with no shoe open</source>
        <translation>షూ తెరవకుండా కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unread card with no shoe open</source>
        <translation>షూ తెరవకుండా చదవని కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut card with no shoe open</source>
        <translation>షూ తెరవకుండా కట్ కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a second cut card</source>
        <translation>రెండో కట్ కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>damaged read (checksum)</source>
        <translation>పాడైన రీడింగ్ (చెక్‌సమ్)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown card code</source>
        <translation>తెలియని కార్డ్ కోడ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card read cut short</source>
        <translation>కార్డ్ రీడింగ్ మధ్యలో ఆగింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty read</source>
        <translation>ఖాళీ రీడింగ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>garbled read</source>
        <translation>గందరగోళ రీడింగ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disk full</source>
        <translation>డిస్క్ నిండిపోయింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>disk read or write error</source>
        <translation>డిస్క్ చదవడం లేదా రాయడంలో లోపం</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>journal held by another program</source>
        <translation>జర్నల్ మరో ప్రోగ్రామ్ వద్ద ఉంది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal is read-only</source>
        <translation>జర్నల్ చదవడానికి మాత్రమే</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal cannot be opened</source>
        <translation>జర్నల్ తెరవలేము</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an event to the platform was refused: the journal does not prove it</source>
        <translation>ప్లాట్‌ఫారమ్‌కు పంపే ఒక ఈవెంట్ తిరస్కరించబడింది: జర్నల్ దానిని నిరూపించదు</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+111"/>
        <source>NO SHOE</source>
        <translation>షూ లేదు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHUFFLE</source>
        <translation>కలపడం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN CARD</source>
        <translation>పక్కన పెట్టే కార్డ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>READY</source>
        <translation>సిద్ధం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURNING</source>
        <translation>పక్కన పెడుతున్నారు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BETTING OPEN</source>
        <translation>పందాలు తెరిచి ఉన్నాయి</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>NO MORE BETS</source>
        <translation>ఇక పందాలు లేవు</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+69"/>
        <source>DEALING</source>
        <translation>డీల్ చేస్తున్నారు</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+27"/>
        <source>RESULT</source>
        <translation>ఫలితం</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>PAUSED</source>
        <translation>పాజ్ చేయబడింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE END</source>
        <translation>షూ ముగింపు</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>TIE %1 – %2</source>
        <translation>టై %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PLAYER WINS %1 – %2</source>
        <translation>ప్లేయర్ గెలిచాడు %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER WINS %1 – %2</source>
        <translation>బ్యాంకర్ గెలిచాడు %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ROUND VOIDED</source>
        <translation>రౌండ్ రద్దు చేయబడింది</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>RESCAN %1</source>
        <translation>%1 మళ్లీ స్కాన్ చేయండి</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEW SHOE</source>
        <translation>కొత్త షూ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLE AND LOAD THE SHOE</source>
        <translation>కార్డులు కలిపి షూలో పెట్టండి</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>OPEN BETTING – ROUND %1</source>
        <translation>పందాలు తెరవండి – రౌండ్ %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOW THE BURN CARD</source>
        <translation>పక్కన పెట్టే కార్డ్ చూపండి</translation>
    </message>
    <message numerus="yes">
        <location line="-186"/>
        <source>BURN %n MORE CARD(S)</source>
        <translation>
            <numerusform>ఇంకా %n కార్డు పక్కన పెట్టండి</numerusform>
            <numerusform>ఇంకా %n కార్డులు పక్కన పెట్టండి</numerusform>
        </translation>
    </message>
    <message>
        <location line="+194"/>
        <location filename="../../display/page.py" line="-69"/>
        <source>PLACE YOUR BETS</source>
        <translation>పందాలు వేయండి</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEAL %1</source>
        <translation>%1 డీల్ చేయండి</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ROUND PAUSED – CALL THE SUPERVISOR</source>
        <translation>రౌండ్ పాజ్ – సూపర్వైజర్‌ను పిలవండి</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rescan %1</source>
        <translation>%1 మళ్లీ స్కాన్ చేయండి</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Press NEW SHOE to start a shoe</source>
        <translation>షూ ప్రారంభించడానికి కొత్త షూ నొక్కండి</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED</source>
        <translation>8 డెక్కులు కలిపి, కట్ కార్డ్ పెట్టి, షూలో పెట్టి, కలపడం పూర్తి నొక్కండి</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press NO MORE BETS to close betting</source>
        <translation>పందాలు మూసివేయడానికి ఇక పందాలు లేవు నొక్కండి</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result, then CONFIRM</source>
        <translation>ఫలితం ప్రకటించి, నిర్ధారించండి</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce it, then press OPEN BETTING for round %1</source>
        <translation>ప్రకటించి, రౌండ్ %1 కోసం పందాలు తెరవండి నొక్కండి</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press OPEN BETTING</source>
        <translation>పందాలు తెరవండి నొక్కండి</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw one card and show it: it sets the burn</source>
        <translation>ఒక కార్డ్ తీసి చూపండి: ఎన్ని పక్కన పెట్టాలో అది నిర్ణయిస్తుంది</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Burn the next card face down</source>
        <translation>తదుపరి కార్డ్‌ను బోర్లా పక్కన పెట్టండి</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deal %1</source>
        <translation>%1 డీల్ చేయండి</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+42"/>
        <source>Wait for the supervisor</source>
        <translation>సూపర్వైజర్ కోసం వేచి ఉండండి</translation>
    </message>
    <message numerus="yes">
        <location line="-253"/>
        <source>PLACE YOUR BETS – %n s</source>
        <translation>
            <numerusform>పందాలు వేయండి – %n సె</numerusform>
            <numerusform>పందాలు వేయండి – %n సె</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>PLACE YOUR BETS – %n s – LAST SECONDS</source>
        <translation>
            <numerusform>పందాలు వేయండి – %n సె – చివరి సెకన్లు</numerusform>
            <numerusform>పందాలు వేయండి – %n సె – చివరి సెకన్లు</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>BURN CARD %1: %n MORE TO BURN</source>
        <translation>
            <numerusform>పక్కన పెట్టే కార్డ్ %1: ఇంకా %n కార్డు పక్కన పెట్టండి</numerusform>
            <numerusform>పక్కన పెట్టే కార్డ్ %1: ఇంకా %n కార్డులు పక్కన పెట్టండి</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>ROUND %1 VOID – ALL BETS RETURNED</source>
        <translation>రౌండ్ %1 రద్దు – అన్ని పందాలు తిరిగి ఇవ్వబడ్డాయి</translation>
    </message>
    <message>
        <location line="+265"/>
        <source>NATURAL: PLAYER %1, BANKER %2: NO MORE CARDS</source>
        <translation>నాచురల్: ప్లేయర్ %1, బ్యాంకర్ %2: ఇంకో కార్డు లేదు</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER DRAWS ON %1</source>
        <translation>ప్లేయర్ %1 వద్ద మూడవ కార్డు పొందుతాడు</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BANKER DRAWS (PLAYER STOOD; BANKER %1: DRAWS)</source>
        <translation>బ్యాంకర్ మూడవ కార్డు పొందుతాడు (ప్లేయర్ నిలిచాడు; బ్యాంకర్ %1: పొందుతాడు)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER DRAWS (BANKER %1, PLAYER&apos;S THIRD CARD %2: DRAWS)</source>
        <translation>బ్యాంకర్ మూడవ కార్డు పొందుతాడు (బ్యాంకర్ %1, ప్లేయర్ మూడవ కార్డు %2: పొందుతాడు)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER STANDS ON %1; BANKER STANDS (PLAYER STOOD; BANKER %2: STANDS)</source>
        <translation>ప్లేయర్ %1 వద్ద నిలుస్తాడు; బ్యాంకర్ నిలుస్తాడు (ప్లేయర్ నిలిచాడు; బ్యాంకర్ %2: నిలుస్తాడు)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER STANDS (BANKER %1, PLAYER&apos;S THIRD CARD %2: STANDS)</source>
        <translation>బ్యాంకర్ నిలుస్తాడు (బ్యాంకర్ %1, ప్లేయర్ మూడవ కార్డు %2: నిలుస్తాడు)</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>SHOE CHANGE</source>
        <translation>షూ మార్పు</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>LAST ROUND – %1</source>
        <translation>తుది రౌండ్ – %1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>SHOE ENDED – CHANGE THE SHOE</source>
        <translation>షూ ముగిసింది – షూ మార్చండి</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOE CHANGE – CONFIRM WITH NEW SHOE</source>
        <translation>షూ మార్పు – కొత్త షూతో నిర్ధారించండి</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Announce %1 and the end of the shoe, then press CHANGE SHOE</source>
        <translation>%1 మరియు షూ ముగింపు ప్రకటించి, షూ మార్చండి నొక్కండి</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce the end of the shoe, then press CHANGE SHOE</source>
        <translation>షూ ముగింపు ప్రకటించి, షూ మార్చండి నొక్కండి</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take the old cards off the table, load new decks, then press NEW SHOE [F2] to start shoe %1</source>
        <translation>పాత కార్డులు టేబుల్ నుండి తీసి, కొత్త డెక్కులు పెట్టి, షూ %1 ప్రారంభించడానికి కొత్త షూ [F2] నొక్కండి</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe; press NO MORE BETS to close betting</source>
        <translation>షూ యొక్క తుది రౌండ్ ప్రకటించండి; పందాలు మూసివేయడానికి ఇక పందాలు లేవు నొక్కండి</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result and the end of the shoe, then CONFIRM</source>
        <translation>ఫలితం మరియు షూ ముగింపు ప్రకటించి, నిర్ధారించండి</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe, then press OPEN BETTING</source>
        <translation>షూ యొక్క తుది రౌండ్ ప్రకటించి, పందాలు తెరవండి నొక్కండి</translation>
    </message>
</context>
<context>
    <name>RecallTab</name>
    <message>
        <location filename="../recall_tab.py" line="+60"/>
        <source>SHOE</source>
        <translation>షూ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this shoe</source>
        <translation>ఈ షూ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all shoes</source>
        <translation>అన్ని షూలు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LOAD ROUNDS</source>
        <translation>రౌండ్లు చూపించు</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>shoe</source>
        <translation>షూ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>round</source>
        <translation>రౌండ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status</source>
        <translation>స్థితి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>banker</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>result</source>
        <translation>ఫలితం</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>incidents</source>
        <translation>సంఘటనలు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acts</source>
        <translation>చర్యలు</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>completed</source>
        <translation>పూర్తయింది</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>voided</source>
        <translation>రద్దయింది</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 at %2</source>
        <translation>%2 వద్ద %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 placed by hand at %2</source>
        <translation>%1 చేతితో %2 వద్ద ఉంచబడింది</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 resumed the round</source>
        <translation>%1 రౌండ్‌ను కొనసాగించారు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 entered a card by hand</source>
        <translation>%1 ఒక కార్డ్‌ను చేతితో నమోదు చేశారు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 swapped the cards at %2 and %3</source>
        <translation>%1 %2 మరియు %3 వద్ద కార్డులను మార్చారు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 voided the round</source>
        <translation>%1 రౌండ్‌ను రద్దు చేశారు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ended the shoe</source>
        <translation>%1 షూను ముగించారు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 acted</source>
        <translation>%1 చర్య తీసుకున్నారు</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shoe %1, round %2: %3</source>
        <translation>షూ %1, రౌండ్ %2: %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dealt by %1</source>
        <translation>పంచినవారు: %1</translation>
    </message>
    <message>
        <location filename="../recall_picture.py" line="+54"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Player</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Banker</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>total %1</source>
        <translation>మొత్తం %1</translation>
    </message>
    <message>
        <location filename="../recall_tab.py" line="+6"/>
        <source>Result: %1</source>
        <translation>ఫలితం: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>player natural</source>
        <translation>ప్లేయర్ నేచురల్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker natural</source>
        <translation>బ్యాంకర్ నేచురల్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player pair</source>
        <translation>ప్లేయర్ పెయిర్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker pair</source>
        <translation>బ్యాంకర్ పెయిర్</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also: %1</source>
        <translation>అలాగే: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Entered by hand: %1</source>
        <translation>చేతితో నమోదు: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Voided because: %1</source>
        <translation>రద్దుకు కారణం: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Incidents:</source>
        <translation>సంఘటనలు:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Acts:</source>
        <translation>చర్యలు:</translation>
    </message>
</context>
<context>
    <name>RefusalWords</name>
    <message>
        <location filename="../refusal_words.py" line="+17"/>
        <source>the station could not do it; nothing changed at the table. Call the technician if it happens again</source>
        <translation>స్టేషన్ దీన్ని చేయలేకపోయింది; టేబుల్ వద్ద ఏదీ మారలేదు. మళ్లీ జరిగితే సాంకేతిక నిపుణుడిని పిలవండి</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the table is paused: the supervisor resolves the incident first, then the dealer changes</source>
        <translation>టేబుల్ ఆగి ఉంది: ముందు సూపర్‌వైజర్ సంఘటనను పరిష్కరిస్తారు, తర్వాత డీలర్ మారతారు</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a round is open: the dealer changes between rounds</source>
        <translation>ఒక రౌండ్ తెరిచి ఉంది: డీలర్ రౌండ్ల మధ్య మారతారు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no dealer is signed in</source>
        <translation>ఏ డీలర్ సైన్ ఇన్ చేయలేదు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this dealer is already signed in</source>
        <translation>ఈ డీలర్ ఇప్పటికే సైన్ ఇన్ చేశారు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed now</source>
        <translation>ఇప్పుడు అనుమతి లేదు</translation>
    </message>
</context>
<context>
    <name>ReplayPanel</name>
    <message>
        <location filename="../replay_panel.py" line="+70"/>
        <location line="+38"/>
        <source>Pause</source>
        <translation>పాజ్</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Step</source>
        <translation>అడుగు</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>REPLAY</source>
        <translation>రీప్లే</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed</source>
        <translation>వేగం</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Play</source>
        <translation>ప్లే</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>replay finished</source>
        <translation>రీప్లే ముగిసింది</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replay playing</source>
        <translation>రీప్లే జరుగుతోంది</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>replay paused</source>
        <translation>రీప్లే పాజ్ చేయబడింది</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Play / pause the replay [F7]</source>
        <translation>రీప్లేను ప్లే / పాజ్ చేయండి [F7]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play the next recorded step [F8]</source>
        <translation>తదుపరి రికార్డ్ చేసిన అడుగును ప్లే చేయండి [F8]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay</source>
        <translation>రీప్లే</translation>
    </message>
</context>
<context>
    <name>RoadsView</name>
    <message>
        <location filename="../road_marks.py" line="+78"/>
        <source>B</source>
        <comment>the banker&apos;s letter</comment>
        <translation>బ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P</source>
        <comment>the player&apos;s letter</comment>
        <translation>ప</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T</source>
        <comment>a tie&apos;s letter</comment>
        <translation>టై</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Bead plate</source>
        <translation>బీడ్ ప్లేట్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Big road</source>
        <translation>బిగ్ రోడ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Big eye boy</source>
        <translation>బిగ్ ఐ బాయ్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Small road</source>
        <translation>స్మాల్ రోడ్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cockroach pig</source>
        <translation>కాక్రోచ్ పిగ్</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Ask</source>
        <translation>అడగండి</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds</source>
        <translation>రౌండ్లు</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Banker</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tie</source>
        <translation>టై</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B pair</source>
        <translation>బ్యాంకర్ పెయిర్</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>P pair</source>
        <translation>ప్లేయర్ పెయిర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Naturals</source>
        <translation>నాచురల్</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>red</source>
        <translation>ఎరుపు</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>blue</source>
        <translation>నీలం</translation>
    </message>
</context>
<context>
    <name>SignInScreen</name>
    <message>
        <location filename="../sign_in.py" line="-215"/>
        <source>DEALER SIGN-IN</source>
        <translation>డీలర్ సైన్ ఇన్</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Type your dealer id and PIN, or scan your dealer badge.</source>
        <translation>మీ డీలర్ ID, పిన్ టైప్ చేయండి, లేదా మీ డీలర్ బ్యాడ్జ్ స్కాన్ చేయండి.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dealer id</source>
        <translation>డీలర్ ID</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PIN</source>
        <translation>పిన్</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>SIGN IN</source>
        <translation>సైన్ ఇన్</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SIGN OUT</source>
        <translation>సైన్ అవుట్</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>డీలర్ స్క్రీన్</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CREATE THE FIRST ACCOUNTS</source>
        <translation>మొదటి ఖాతాలు సృష్టించు</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Badge of %1 read: enter the PIN</source>
        <translation>%1 బ్యాడ్జ్ చదవబడింది: పిన్ నమోదు చేయండి</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type the dealer id and the PIN</source>
        <translation>డీలర్ ID, పిన్ టైప్ చేయండి</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>REFUSED: %1</source>
        <translation>తిరస్కరించబడింది: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nobody is signed in: betting cannot open until a dealer signs in.</source>
        <translation>ఎవరూ సైన్ ఇన్ చేయలేదు: డీలర్ సైన్ ఇన్ చేసే వరకు పందాలు తెరవబడవు.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Demo dealer signed in</source>
        <translation>డెమో డీలర్ సైన్ ఇన్ అయ్యారు</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signed in: %1</source>
        <translation>సైన్ ఇన్ అయ్యారు: %1</translation>
    </message>
</context>
<context>
    <name>Station</name>
    <message>
        <location filename="../app.py" line="+211"/>
        <source>Demo dealer — no accounts yet: create them with dealer-station users add</source>
        <translation>డెమో డీలర్ — ఇంకా ఖాతాలు లేవు: dealer-station users add తో సృష్టించండి</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No accounts yet: betting cannot open until a dealer signs in. Add a dealer with &apos;dealer-station users add NAME --role dealer&apos; (and a supervisor with --role supervisor), then sign in here.</source>
        <translation>ఇంకా ఖాతాలు లేవు: డీలర్ సైన్ ఇన్ చేసే వరకు పందాలు తెరవబడవు. &apos;dealer-station users add NAME --role dealer&apos; తో డీలర్‌ను (--role supervisor తో సూపర్వైజర్‌ను) జోడించి, తర్వాత ఇక్కడ సైన్ ఇన్ చేయండి.</translation>
    </message>
</context>
<context>
    <name>StatsBox</name>
    <message>
        <location filename="../dealer_panels.py" line="+88"/>
        <source>BANKER</source>
        <translation>బ్యాంకర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>ప్లేయర్</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>టై</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUNDS</source>
        <translation>రౌండ్లు</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Player pairs %1   Banker pairs %2   Naturals %3</source>
        <translation>ప్లేయర్ పెయిర్ %1   బ్యాంకర్ పెయిర్ %2   నాచురల్ %3</translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message>
        <location filename="../supervisor_screen.py" line="+170"/>
        <source>SUPERVISOR</source>
        <translation>సూపర్వైజర్</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>user</source>
        <translation>యూజర్</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>PIN</source>
        <translation>పిన్</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>LOG IN</source>
        <translation>లాగిన్</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LOG OUT</source>
        <translation>లాగౌట్</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>డీలర్ స్క్రీన్</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>INCIDENT &amp;&amp; ACTS</source>
        <translation>సంఘటన, చర్యలు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE-BET EDGE</source>
        <translation>సైడ్ బెట్ అంచు</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUND RECALL</source>
        <translation>రౌండ్ల చరిత్ర</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Type the user and the PIN</source>
        <translation>యూజర్, పిన్ టైప్ చేయండి</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>REFUSED: %1</source>
        <translation>తిరస్కరించబడింది: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+189"/>
        <source>wrong PIN</source>
        <translation>తప్పు పిన్</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>REFUSED: wrong user or PIN</source>
        <translation>తిరస్కరించబడింది: తప్పు యూజర్ లేదా పిన్</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Session of %1 ended: the supervisor screen was left. Type the PIN again to act.</source>
        <translation>%1 సెషన్ ముగిసింది: సూపర్వైజర్ స్క్రీన్ వదిలేశారు. చర్య కోసం పిన్ మళ్లీ టైప్ చేయండి.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended after %2 seconds without a touch. Type the PIN again to act.</source>
        <translation>%2 సెకన్లు ఏమీ తాకకపోవడంతో %1 సెషన్ ముగిసింది. చర్య కోసం పిన్ మళ్లీ టైప్ చేయండి.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended: the incident it was opened for is over. Type the PIN again to act.</source>
        <translation>%1 సెషన్ ముగిసింది: దేని కోసం తెరిచారో ఆ సంఘటన ముగిసింది. చర్య కోసం పిన్ మళ్లీ టైప్ చేయండి.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session of %1 ended: there is another incident on the table now. Type the PIN again to act.</source>
        <translation>%1 సెషన్ ముగిసింది: ఇప్పుడు టేబుల్‌పై మరో సంఘటన ఉంది. చర్య కోసం పిన్ మళ్లీ టైప్ చేయండి.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>logged in: %1</source>
        <translation>లాగిన్: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not logged in</source>
        <translation>లాగిన్ కాలేదు</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Still needed: %1</source>
        <translation>ఇంకా కావాలి: %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>REFUSED – not authorised: %1</source>
        <translation>తిరస్కరించబడింది – అనుమతి లేదు: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the table changed before the act arrived: look at the incident again</source>
        <translation>చర్య చేరే ముందే టేబుల్ మారింది: సంఘటనను మళ్లీ చూడండి</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REFUSED – not allowed now: %1</source>
        <translation>తిరస్కరించబడింది – ఇప్పుడు అనుమతి లేదు: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ERROR: %1</source>
        <translation>లోపం: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>DONE: %1</source>
        <translation>పూర్తి: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-143"/>
        <source>Session of %1 ends in %n s without a touch: touch the screen to stay logged in.</source>
        <translation>
            <numerusform>ఏమీ తాకకపోతే %1 సెషన్ %n సెలో ముగుస్తుంది: లాగిన్‌లో ఉండటానికి స్క్రీన్ తాకండి.</numerusform>
            <numerusform>ఏమీ తాకకపోతే %1 సెషన్ %n సెలో ముగుస్తుంది: లాగిన్‌లో ఉండటానికి స్క్రీన్ తాకండి.</numerusform>
        </translation>
    </message>
</context>
</TS>
