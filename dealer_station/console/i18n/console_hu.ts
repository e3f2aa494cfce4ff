<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="hu_HU">
<context>
    <name>ActPanel</name>
    <message>
        <location filename="../act_panel.py" line="+66"/>
        <source>ACT</source>
        <translation>INTÉZKEDÉS</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>RESUME</source>
        <translation>FOLYTATÁS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ENTER CARD</source>
        <translation>LAP BEVITELE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MOVE CARD</source>
        <translation>LAP ÁTHELYEZÉSE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VOID ROUND</source>
        <translation>PARTI TÖRLÉSE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>END SHOE</source>
        <translation>CIPŐ LEZÁRÁSA</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>card, e.g. QD or 10H</source>
        <translation>lap, pl. QD vagy 10H</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>DISCARD THE HELD CARDS</source>
        <translation>A VISSZATARTOTT LAPOK ELDOBÁSA</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>— choose a reason code —</source>
        <translation>— válassz indokot —</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>note (required): what happened, who was called</source>
        <translation>megjegyzés (kötelező): mi történt, kit hívtak</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CARD</source>
        <translation>LAP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FROM</source>
        <translation>HONNAN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TO</source>
        <translation>HOVA</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>REASON</source>
        <translation>INDOK</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NOTE</source>
        <translation>MEGJEGYZÉS</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>WHAT WILL HAPPEN</source>
        <translation>MI FOG TÖRTÉNNI</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CONFIRM ACT</source>
        <translation>INTÉZKEDÉS JÓVÁHAGYÁSA</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose an act.</source>
        <translation>Válassz intézkedést.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The table is not paused: there is nothing to resolve, and the controller will refuse.</source>
        <translation>Az asztal nem szünetel: nincs mit megoldani, a vezérlő elutasítja.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shoe is still disconnected: reconnect it first (the controller refuses to resume).</source>
        <translation>A cipő még mindig nincs csatlakoztatva: előbb csatlakoztasd (a vezérlő nem folytatja).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.</source>
        <translation>Nincs nyitott parti (szünet innen: %1): nincs mit érvényteleníteni. Használd: FOLYTATÁS vagy CIPŐ LEZÁRÁSA.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. RESUME is refused until it is dealt with: ENTER CARD %1 to place it, or tick DISCARD THE HELD CARDS to discard it.</source>
        <translation>A cipő szünet alatt ezt olvasta: %1; a lap visszatartva. A FOLYTATÁS elutasítva, amíg nem rendezed: LAP BEVITELE %1 a lehelyezéshez, vagy jelöld be: A VISSZATARTOTT LAPOK ELDOBÁSA.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. Enter %1, or RESUME with DISCARD THE HELD CARDS ticked to discard it first.</source>
        <translation>A cipő szünet alatt ezt olvasta: %1; a lap visszatartva. Vidd be ezt a lapot (%1), vagy FOLYTATÁS bejelölt A VISSZATARTOTT LAPOK ELDOBÁSA mellett, hogy előbb eldobd.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The journal cannot be written: only RESUME is taken until it can.</source>
        <translation>A napló nem írható: amíg nem lesz az, csak a FOLYTATÁS fogadható el.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No card is expected now (paused from %1): ENTER CARD is refused.</source>
        <translation>Most nem vár lapot az asztal (szünet innen: %1): a LAP BEVITELE elutasítva.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round&apos;s cards are all out: no card is due. Use RESUME.</source>
        <translation>A parti minden lapja kint van: nem jár több lap. Használd: FOLYTATÁS.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cut card came out before this round&apos;s first card: no more rounds are dealt. Use RESUME, VOID ROUND or END SHOE.</source>
        <translation>A vágókártya a parti első lapja előtt jött ki: több parti nincs. Használd: FOLYTATÁS, PARTI TÖRLÉSE vagy CIPŐ LEZÁRÁSA.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not in the shoe any more (all its copies are out): ENTER CARD is refused.</source>
        <translation>%1 már nincs a cipőben (minden példánya kint van): a LAP BEVITELE elutasítva.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move %1 would not be due by the third-card rules: MOVE CARD is refused. Void the round instead.</source>
        <translation>Az áthelyezés után %1 a harmadik lap szabályai szerint nem járna: a LAP ÁTHELYEZÉSE elutasítva. Töröld inkább a partit.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move the round would need more cards: MOVE CARD is refused.</source>
        <translation>Az áthelyezés után a partinak több lap kellene: a LAP ÁTHELYEZÉSE elutasítva.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 and %2 must be two different cards already dealt in this round: MOVE CARD is refused.</source>
        <translation>%1 és %2 két különböző, ebben a partiban már kiosztott lap kell legyen: a LAP ÁTHELYEZÉSE elutasítva.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The journal is written again first (RESUME is refused while it still fails); then the table goes on where it stopped.</source>
        <translation>Előbb újra írható lesz a napló (amíg hibás, a FOLYTATÁS elutasítva); aztán az asztal ott folytatja, ahol megállt.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shoe events held during the failure (%1) are then journaled and acted on, in order, as if read now.</source>
        <translation>A hiba alatt visszatartott cipőesemények (%1) ezután sorrendben naplózódnak és érvényesülnek, mintha most olvasták volna őket.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The burn of shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>%1. cipő: az égetés ott folytatódik, ahol megállt (%2); a hibás olvasások számlálása újraindul. Egyik lap sem változik.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>%1. cipő: a játék ott folytatódik, ahol megállt (%2); a hibás olvasások számlálása újraindul. Egyik lap sem változik.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The held cards %1 are DISCARDED (recorded).</source>
        <translation>A visszatartott lapok (%1) ELVETVE (rögzítve).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The held cards %1 are DISCARDED (recorded). Round %2 of shoe %3 resumes where it stopped (%4); the misread count restarts.</source>
        <translation>A visszatartott lapok (%1) ELDOBVA (rögzítve). %3. cipő, %2. parti: ott folytatódik, ahol megállt (%4); a hibás olvasások száma újraindul.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes.</source>
        <translation>%2. cipő, %1. parti: ott folytatódik, ahol megállt (%3); a hibás olvasások száma újraindul. Lap nem változik.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(type a valid card)</source>
        <translation>(írj be egy érvényes lapot)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the third-card rules.</source>
        <translation>Lap: %1. Helye: %3. parti, %2; KÉZI bevitelként rögzítve; a parti a harmadik lap szabály szerint folytatódik.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the position due</source>
        <translation>a soron következő hely</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cards at %1 and %2 change places; totals and who draws are worked out again.</source>
        <translation>A %1 és a %2 lapjai helyet cserélnek; az összegek és hogy ki húz, újra kiszámolva.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. The next round is round %3.</source>
        <translation>%2. cipő, %1. parti: ÉRVÉNYTELEN, minden tétje visszajár. A lapjai kiesnek. A következő parti sorszáma: %3.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer is asked for a new shoe (shuffle and burn).</source>
        <translation>%1. cipő: most LEZÁRUL (utolsó parti: %2.); a folyamatban lévő parti érvénytelen, tétjei visszajárnak; az osztótól új cipőt kérünk (keverés és égetés).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>log in</source>
        <translation>belépés</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>choose an act</source>
        <translation>intézkedés választása</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a reason code</source>
        <translation>indok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note</source>
        <translation>megjegyzés</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note in plain text (no control characters)</source>
        <translation>egyszerű szöveges megjegyzés (vezérlőkarakterek nélkül)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a valid card</source>
        <translation>érvényes lap</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>two different positions</source>
        <translation>két különböző hely</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Still needed: %1</source>
        <translation>Még hiányzik: %1</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>an incident to act on</source>
        <translation>egy incidens, amelyben intézkedni kell</translation>
    </message>
</context>
<context>
    <name>CardFace</name>
    <message>
        <location filename="../cards.py" line="+79"/>
        <location line="+58"/>
        <source>MANUAL</source>
        <translation>KÉZI</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>RESCAN</source>
        <translation>ÚJRA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEXT</source>
        <translation>KÖVETKEZŐ</translation>
    </message>
</context>
<context>
    <name>DealerScreen</name>
    <message>
        <location filename="../dealer_panels.py" line="+98"/>
        <source>TOTAL</source>
        <translation>ÖSSZEG</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>WINS</source>
        <translation>NYER</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TIE</source>
        <translation>DÖNTETLEN</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+49"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>TABLE</source>
        <translation>ASZTAL</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>SHOE</source>
        <translation>CIPŐ</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>ROUND</source>
        <translation>PARTI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARDS LEFT</source>
        <translation>MARADÉK LAP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN</source>
        <translation>ÉGETÉS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD</source>
        <translation>VÁGÓLAP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE LINK</source>
        <translation>CIPŐ KAPCSOLAT</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LAST ROUND</source>
        <translation>UTOLSÓ PARTI</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+206"/>
        <source>PLAYER</source>
        <translation>JÁTÉKOS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER</source>
        <translation>BANK</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>ROADS</source>
        <translation>ÚTVONALAK</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Roads are not available in this build</source>
        <translation>Az útvonalak ebben a változatban nem érhetők el</translation>
    </message>
    <message>
        <location line="+18"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>BETS OFFERED THIS ROUND</source>
        <translation>TÉTEK EBBEN A PARTIBAN</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>NEW SHOE</source>
        <translation>ÚJ CIPŐ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLED</source>
        <translation>MEGKEVERVE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEN BETTING</source>
        <translation>TÉTEK NYITÁSA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NO MORE BETS</source>
        <translation>NINCS TÖBB TÉT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CONFIRM RESULT</source>
        <translation>EREDMÉNY JÓVÁHAGYÁSA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DRAW CARD</source>
        <translation>LAPHÚZÁS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CALL SUPERVISOR</source>
        <translation>FELÜGYELŐ HÍVÁSA</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+234"/>
        <source>NEXT</source>
        <translation>TOVÁBB</translation>
    </message>
    <message>
        <location line="-234"/>
        <source>SPACE / ENTER</source>
        <translation>SZÓKÖZ / ENTER</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>NO DEALER  [F6]</source>
        <translation>NINCS OSZTÓ  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEMO DEALER  [F6]</source>
        <translation>BEMUTATÓ OSZTÓ  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEALER %1  [F6]</source>
        <translation>OSZTÓ %1  [F6]</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+29"/>
        <source>SHOW CARD</source>
        <translation>LAP MUTATÁSA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 TO BURN</source>
        <translation>%1 ÉGETENDŐ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE %1</source>
        <translation>KÉSZ %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OUT</source>
        <translation>KIJÖTT</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>IN SHOE</source>
        <translation>A CIPŐBEN</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="-88"/>
        <source>ONLINE</source>
        <translation>CSATLAKOZVA</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="+0"/>
        <source>OFFLINE</source>
        <translation>NINCS KAPCSOLAT</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+88"/>
        <source>none</source>
        <translation>nincs</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>MISREAD – RESCAN %1</source>
        <translation>HIBÁS OLVASÁS – OLVASD BE ÚJRA: %1</translation>
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
        <translation>INCIDENS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 AT %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-216"/>
        <source>NO SOUND</source>
        <translation>NINCS HANG</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>CHANGE SHOE</source>
        <translation>CIPŐCSERE</translation>
    </message>
</context>
<context>
    <name>Display</name>
    <message>
        <location filename="../../display/page.py" line="-30"/>
        <source>no limit</source>
        <translation>nincs limit</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Waiting for the table</source>
        <translation>Várakozás az asztalra</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Getting the shoe so far from the table: %1 of %2 events</source>
        <translation>Az eddigi cipő lekérése az asztaltól: %1 / %2 esemény</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>COMMISSION</source>
        <translation>JUTALÉKKAL</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NO COMMISSION</source>
        <translation>JUTALÉK NÉLKÜL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MIN</source>
        <translation>MIN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MAX</source>
        <translation>MAX</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Player–Banker difference at most %1</source>
        <translation>Játékos–Bank különbség legfeljebb %1</translation>
    </message>
</context>
<context>
    <name>EdgeTab</name>
    <message>
        <location filename="../edge_tab.py" line="+33"/>
        <source>SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT</source>
        <translation>A MARADÉK LAPOKKAL A JÁTÉKOSNAK KEDVEZŐ MELLÉKTÉTEK</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>No alert in this shoe</source>
        <translation>Ebben a cipőben nincs riasztás</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>time</source>
        <translation>idő</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bet</source>
        <translation>tét</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>player EV per unit</source>
        <translation>játékos EV egységenként</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cards left</source>
        <translation>maradék lap</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>round</source>
        <translation>parti</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 favours the player now (EV %2)</source>
        <translation>%1 most a játékosnak kedvez (EV %2)</translation>
    </message>
</context>
<context>
    <name>FirstAccountsDialog</name>
    <message>
        <location filename="../sign_in.py" line="+336"/>
        <source>The first accounts</source>
        <translation>Az első fiókok</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a dealer and a supervisor (PIN: 4 to 12 digits). Later accounts are added with dealer-station users add.</source>
        <translation>Adj hozzá egy osztót és egy felügyelőt (PIN: 4–12 számjegy). A további fiókokat a dealer-station users add paranccsal lehet hozzáadni.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>name</source>
        <translation>név</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dealer</source>
        <translation>osztó</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>supervisor</source>
        <translation>felügyelő</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PIN</source>
        <translation>PIN-kód</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PIN again</source>
        <translation>PIN újra</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ADD</source>
        <translation>HOZZÁADÁS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE</source>
        <translation>KÉSZ</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two PINs differ</source>
        <translation>A két PIN nem egyezik</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Added %1 (%2)</source>
        <translation>Hozzáadva: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>IncidentPanel</name>
    <message>
        <location filename="../incident_panel.py" line="+56"/>
        <source>INCIDENT</source>
        <translation>INCIDENS</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>No incident: the round is not paused</source>
        <translation>Nincs incidens: a parti nem szünetel</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>WHEN</source>
        <translation>MIKOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POSITION</source>
        <translation>HELY</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REASON</source>
        <translation>INDOK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATE BEFORE</source>
        <translation>ELŐZŐ ÁLLAPOT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DETAIL</source>
        <translation>RÉSZLETEK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE / ROUND</source>
        <translation>CIPŐ / PARTI</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>THE ROUND</source>
        <translation>A PARTI</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PLAYER</source>
        <translation>JÁTÉKOS</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>BANKER</source>
        <translation>BANK</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>EVIDENCE AND LAST RAW FRAMES FROM THE SHOE</source>
        <translation>BIZONYÍTÉK ÉS A CIPŐ UTOLSÓ NYERS KERETEI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time</source>
        <translation>idő</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>frame</source>
        <translation>keret</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hex</source>
        <translation>hexa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>text</source>
        <translation>szöveg</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>total %1</source>
        <translation>összeg %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card missing: %1</source>
        <translation>Hiányzó lap: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No card is being dealt</source>
        <translation>Most nem osztanak lapot</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>incident</source>
        <translation>incidens</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>evidence</source>
        <translation>bizonyíték</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="+145"/>
        <source>Dealer Station – Punto Banco</source>
        <translation>Osztóállomás – Punto Banco</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>Accounts added: sign in with one</source>
        <translation>Fiókok hozzáadva: jelentkezz be az egyikkel</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Signed out: the next dealer signs in</source>
        <translation>Kijelentkezve: a következő osztó jelentkezzen be</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>called from the dealer console</source>
        <translation>az osztó pultjáról hívva</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../prompts.py" line="+140"/>
        <source>PLAYER CARD %1</source>
        <translation>JÁTÉKOS %1. LAPJA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER CARD %1</source>
        <translation>BANK %1. LAPJA</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>THE BURN CARD</source>
        <translation>AZ ÉGETŐLAPOT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>THE CARD</source>
        <translation>A LAPOT</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+38"/>
        <source>A card was read with no shoe open: %1. It is not part of any round.</source>
        <translation>Lapot olvasott a gép nyitott cipő nélkül: %1. Egyik partihoz sem tartozik.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cut card was read with no shoe open. It is not part of any round.</source>
        <translation>A vágólapot nyitott cipő nélkül olvasta a gép. Egyik partihoz sem tartozik.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A misread came from the shoe with no shoe open. It is not part of any round.</source>
        <translation>Hibás olvasás jött a cipőből nyitott cipő nélkül. Egyik partihoz sem tartozik.</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+7"/>
        <source>BANKER</source>
        <translation>BANK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>JÁTÉKOS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>DÖNTETLEN</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Player</source>
        <translation>Játékos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker</source>
        <translation>Bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tie</source>
        <translation>Döntetlen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Pair</source>
        <translation>Játékos pár</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Pair</source>
        <translation>Bank pár</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Either Pair</source>
        <translation>Bármely pár</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Perfect Pair</source>
        <translation>Tökéletes pár</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Natural</source>
        <translation>Játékos természetes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Natural</source>
        <translation>Bank természetes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Bonus</source>
        <translation>Játékos bónusz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Bonus</source>
        <translation>Bank bónusz</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lucky Six</source>
        <translation>Szerencsés hatos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2 Cards Lucky Six</source>
        <translation>2 lapos szerencsés hatos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3 Cards Lucky Six</source>
        <translation>3 lapos szerencsés hatos</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+6"/>
        <source>MISREAD LIMIT</source>
        <translation>HIBÁS OLVASÁSI KORLÁT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD WHILE BETTING WAS OPEN</source>
        <translation>LAP NYITOTT TÉTEK ALATT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD AFTER THE ROUND</source>
        <translation>LAP A PARTI UTÁN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD NOT FROM THIS SHOE</source>
        <translation>IDEGEN LAP A CIPŐBEN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD IN THE BURN</source>
        <translation>VÁGÓLAP ÉGETÉS KÖZBEN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE DISCONNECTED</source>
        <translation>A CIPŐ LEVÁLT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JOURNAL FAILURE</source>
        <translation>NAPLÓHIBA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATION ERROR</source>
        <translation>ÁLLOMÁSHIBA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OUT OF PROCEDURE</source>
        <translation>ELJÁRÁSI HIBA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE BET FAVOURS THE PLAYER</source>
        <translation>MELLÉKTÉT A JÁTÉKOSNAK KEDVEZ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLATFORM EVENT DOES NOT MATCH THE JOURNAL</source>
        <translation>A PLATFORMNAK KÜLDÖTT ESEMÉNY NEM EGYEZIK A NAPLÓVAL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NOISE ON THE SHOE&apos;S LINE</source>
        <translation>ZAJ A CIPŐ VONALÁN</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>misreads in a row at %1: the limit was reached</source>
        <translation>téves olvasások egymás után itt: %1 – elérte a határt</translation>
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
        <translation>%1, itt: %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>an error inside the station stopped the round: call the station&apos;s technician</source>
        <translation>az állomás belső hibája megállította a partit: hívja az állomás technikusát</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+15"/>
        <source>%1 (for the technician: %2)</source>
        <translation>%1 (a technikusnak: %2)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>an event for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>egy fogadási platformnak szánt esemény nem egyezik a naplóval: sem ez, sem az utána következő események nem mennek ki</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>event %1 for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>a fogadási platformnak szánt %1. esemény nem egyezik a naplóval: sem ez, sem az utána következő események nem mennek ki</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 bytes in %2 frames</source>
        <translation>%1 bájt %2 keretben</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, from %2 to %3 UTC</source>
        <translation>%1, %2 és %3 között (UTC)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1; the card is held for the supervisor</source>
        <translation>%1; a lapot a rendszer visszatartja a felügyelőnek</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>card %1</source>
        <translation>kártya: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unread card: %1</source>
        <translation>olvasatlan kártya: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bytes that are no card: %1</source>
        <translation>nem kártya bájtok: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe connected</source>
        <translation>a cipő csatlakoztatva</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe link lost</source>
        <translation>a cipő kapcsolata megszakadt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>evidence</source>
        <translation>bizonyíték</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>error inside the station</source>
        <translation>az állomás belső hibája</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Resuming lets the table deal on, but nothing more is sent to the betting platform until the changed event is put back as the journal proves it: call the station&apos;s technician (dealer-station journal verify names the event).</source>
        <translation>A folytatással az asztal tovább oszthat, de a fogadási platformra semmi sem megy ki, amíg a megváltoztatott eseményt vissza nem állítják úgy, ahogy a napló igazolja: hívja az állomás technikusát (a dealer-station journal verify megnevezi az eseményt).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe&apos;s line sent bytes that are no card. Check the shoe&apos;s cable and plug before resuming. A card read in the noise is held: enter it only if it is the card on the table, otherwise discard it.</source>
        <translation>A cipő vonalán olyan bájtok érkeztek, amelyek nem lapok. Folytatás előtt ellenőrizze a cipő kábelét és csatlakozóját. A zajban beolvasott lapot a rendszer visszatartja: csak akkor vigye be, ha az asztalon lévő lap az, különben dobja el.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>DEALER CALLED THE SUPERVISOR</source>
        <translation>AZ OSZTÓ HÍVTA A FELÜGYELŐT</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>scanner misread</source>
        <translation>hibás olvasás</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card exposed</source>
        <translation>felfedett lap</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card dropped</source>
        <translation>leejtett lap</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dealer error</source>
        <translation>osztói hiba</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card in the wrong place</source>
        <translation>rossz helyre került lap</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device fault</source>
        <translation>eszközhiba</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network fault</source>
        <translation>hálózati hiba</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>procedure</source>
        <translation>eljárás</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>game integrity</source>
        <translation>játék tisztasága</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>egyéb</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the dealer called the supervisor</source>
        <translation>az osztó hívta a felügyelőt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card not read</source>
        <translation>a lap nem olvasható</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connection lost</source>
        <translation>megszakadt a kapcsolat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card came out</source>
        <translation>lap jött ki</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>more copies than the shoe holds</source>
        <translation>több példány, mint a cipőben van</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>too much noise on the shoe&apos;s line</source>
        <translation>túl sok zaj a cipő vonalán</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card was read inside line noise</source>
        <translation>egy lapot a vonal zajában olvasott be a rendszer</translation>
    </message>
    <message>
        <location line="-97"/>
        <location line="+77"/>
        <source>cut card</source>
        <translation>vágólap</translation>
    </message>
    <message numerus="yes">
        <location filename="../prompts.py" line="-103"/>
        <source>%n misread(s) in a row at %1</source>
        <translation>
            <numerusform>%n téves olvasás egymás után itt: %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+1"/>
        <source>card before betting opened</source>
        <translation>lap a tétek nyitása előtt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card with no shoe open</source>
        <translation>lap nyitott cipő nélkül</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unread card with no shoe open</source>
        <translation>olvashatatlan lap nyitott cipő nélkül</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut card with no shoe open</source>
        <translation>vágólap nyitott cipő nélkül</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a second cut card</source>
        <translation>második vágólap</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>damaged read (checksum)</source>
        <translation>sérült olvasás (ellenőrzőösszeg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown card code</source>
        <translation>ismeretlen lapkód</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card read cut short</source>
        <translation>félbeszakadt lapolvasás</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty read</source>
        <translation>üres olvasás</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>garbled read</source>
        <translation>zavaros olvasás</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disk full</source>
        <translation>megtelt a lemez</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>disk read or write error</source>
        <translation>lemezolvasási vagy -írási hiba</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>journal held by another program</source>
        <translation>a naplót másik program fogja</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal is read-only</source>
        <translation>a napló csak olvasható</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal cannot be opened</source>
        <translation>a napló nem nyitható meg</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an event to the platform was refused: the journal does not prove it</source>
        <translation>egy platformnak szánt esemény elutasítva: a napló nem igazolja</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+111"/>
        <source>NO SHOE</source>
        <translation>NINCS CIPŐ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHUFFLE</source>
        <translation>KEVERÉS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN CARD</source>
        <translation>ÉGETŐLAP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>READY</source>
        <translation>KÉSZ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURNING</source>
        <translation>ÉGETÉS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BETTING OPEN</source>
        <translation>TÉTEK NYITVA</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>NO MORE BETS</source>
        <translation>NINCS TÖBB TÉT</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+69"/>
        <source>DEALING</source>
        <translation>OSZTÁS</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+27"/>
        <source>RESULT</source>
        <translation>EREDMÉNY</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>PAUSED</source>
        <translation>SZÜNETEL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE END</source>
        <translation>CIPŐ VÉGE</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>TIE %1 – %2</source>
        <translation>DÖNTETLEN %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PLAYER WINS %1 – %2</source>
        <translation>JÁTÉKOS NYER %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER WINS %1 – %2</source>
        <translation>BANK NYER %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ROUND VOIDED</source>
        <translation>A PARTI ÉRVÉNYTELEN</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>RESCAN %1</source>
        <translation>OLVASD BE ÚJRA: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEW SHOE</source>
        <translation>ÚJ CIPŐ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLE AND LOAD THE SHOE</source>
        <translation>KEVERD MEG ÉS TÖLTSD A CIPŐT</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>OPEN BETTING – ROUND %1</source>
        <translation>TÉTEK NYITÁSA – %1. PARTI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOW THE BURN CARD</source>
        <translation>MUTASD AZ ÉGETŐLAPOT</translation>
    </message>
    <message numerus="yes">
        <location line="-186"/>
        <source>BURN %n MORE CARD(S)</source>
        <translation>
            <numerusform>ÉGESS EL MÉG %n LAPOT</numerusform>
        </translation>
    </message>
    <message>
        <location line="+194"/>
        <location filename="../../display/page.py" line="-69"/>
        <source>PLACE YOUR BETS</source>
        <translation>TEGYÉK MEG TÉTJEIKET</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEAL %1</source>
        <translation>OSZD: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ROUND PAUSED – CALL THE SUPERVISOR</source>
        <translation>PARTI SZÜNETEL – HÍVD A FELÜGYELŐT</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rescan %1</source>
        <translation>Olvasd be újra: %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Press NEW SHOE to start a shoe</source>
        <translation>Új cipőhöz nyomd meg: ÚJ CIPŐ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED</source>
        <translation>Keverj meg 8 paklit, tedd be a vágólapot, töltsd a cipőt, majd nyomd meg: MEGKEVERVE</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press NO MORE BETS to close betting</source>
        <translation>A tétek zárásához nyomd meg: NINCS TÖBB TÉT</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result, then CONFIRM</source>
        <translation>Hirdesd ki az eredményt, majd HAGYD JÓVÁ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce it, then press OPEN BETTING for round %1</source>
        <translation>Jelentsd be, majd nyomd meg: TÉTEK NYITÁSA (%1. parti)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press OPEN BETTING</source>
        <translation>Nyomd meg: TÉTEK NYITÁSA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw one card and show it: it sets the burn</source>
        <translation>Húzz egy lapot és mutasd meg: ez adja az égetést</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Burn the next card face down</source>
        <translation>Égesd el a következő lapot képpel lefelé</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deal %1</source>
        <translation>Oszd: %1</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+42"/>
        <source>Wait for the supervisor</source>
        <translation>Várj a felügyelőre</translation>
    </message>
    <message numerus="yes">
        <location line="-253"/>
        <source>PLACE YOUR BETS – %n s</source>
        <translation>
            <numerusform>TEGYÉK MEG TÉTJEIKET – %n mp</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>PLACE YOUR BETS – %n s – LAST SECONDS</source>
        <translation>
            <numerusform>TEGYÉK MEG TÉTJEIKET – %n mp – UTOLSÓ MÁSODPERCEK</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>BURN CARD %1: %n MORE TO BURN</source>
        <translation>
            <numerusform>ÉGETŐLAP %1: MÉG %n LAPOT ÉGESS EL</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>ROUND %1 VOID – ALL BETS RETURNED</source>
        <translation>%1. PARTI ÉRVÉNYTELEN – MINDEN TÉT VISSZAJÁR</translation>
    </message>
    <message>
        <location line="+265"/>
        <source>NATURAL: PLAYER %1, BANKER %2: NO MORE CARDS</source>
        <translation>TERMÉSZETES: JÁTÉKOS %1, BANK %2: NINCS TÖBB LAP</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER DRAWS ON %1</source>
        <translation>JÁTÉKOS HÚZ %1 PONTNÁL</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BANKER DRAWS (PLAYER STOOD; BANKER %1: DRAWS)</source>
        <translation>BANK HÚZ (JÁTÉKOS MEGÁLLT; BANK %1: HÚZ)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER DRAWS (BANKER %1, PLAYER&apos;S THIRD CARD %2: DRAWS)</source>
        <translation>BANK HÚZ (BANK %1, JÁTÉKOS 3. LAPJA %2: HÚZ)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER STANDS ON %1; BANKER STANDS (PLAYER STOOD; BANKER %2: STANDS)</source>
        <translation>JÁTÉKOS MEGÁLL %1 PONTNÁL; BANK MEGÁLL (JÁTÉKOS MEGÁLLT; BANK %2: MEGÁLL)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER STANDS (BANKER %1, PLAYER&apos;S THIRD CARD %2: STANDS)</source>
        <translation>BANK MEGÁLL (BANK %1, JÁTÉKOS 3. LAPJA %2: MEGÁLL)</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>SHOE CHANGE</source>
        <translation>CIPŐCSERE</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>LAST ROUND – %1</source>
        <translation>UTOLSÓ PARTI – %1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>SHOE ENDED – CHANGE THE SHOE</source>
        <translation>A CIPŐ VÉGE – CSERÉLD A CIPŐT</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOE CHANGE – CONFIRM WITH NEW SHOE</source>
        <translation>CIPŐCSERE – ERŐSÍTSD MEG: ÚJ CIPŐ</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Announce %1 and the end of the shoe, then press CHANGE SHOE</source>
        <translation>Jelentsd be: %1, és a cipő végét, majd nyomd meg: CIPŐCSERE</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce the end of the shoe, then press CHANGE SHOE</source>
        <translation>Jelentsd be a cipő végét, majd nyomd meg: CIPŐCSERE</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take the old cards off the table, load new decks, then press NEW SHOE [F2] to start shoe %1</source>
        <translation>Vedd le a régi lapokat az asztalról, tölts be új paklikat, majd nyomd meg: ÚJ CIPŐ [F2] (%1. cipő indul)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe; press NO MORE BETS to close betting</source>
        <translation>Jelentsd be a cipő utolsó partiját; a tétek zárásához nyomd meg: NINCS TÖBB TÉT</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result and the end of the shoe, then CONFIRM</source>
        <translation>Hirdesd ki az eredményt és a cipő végét, majd HAGYD JÓVÁ</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe, then press OPEN BETTING</source>
        <translation>Jelentsd be a cipő utolsó partiját, majd nyomd meg: TÉTEK NYITÁSA</translation>
    </message>
</context>
<context>
    <name>RecallTab</name>
    <message>
        <location filename="../recall_tab.py" line="+60"/>
        <source>SHOE</source>
        <translation>CIPŐ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this shoe</source>
        <translation>ez a cipő</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all shoes</source>
        <translation>minden cipő</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LOAD ROUNDS</source>
        <translation>PARTIK BETÖLTÉSE</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>shoe</source>
        <translation>cipő</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>round</source>
        <translation>parti</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status</source>
        <translation>állapot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player</source>
        <translation>játékos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>banker</source>
        <translation>bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>result</source>
        <translation>eredmény</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>incidents</source>
        <translation>incidensek</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acts</source>
        <translation>intézkedések</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>completed</source>
        <translation>lezárt</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>voided</source>
        <translation>érvénytelen</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 at %2</source>
        <translation>%1 itt: %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 placed by hand at %2</source>
        <translation>%1 kézzel lehelyezve ide: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 resumed the round</source>
        <translation>%1 folytatta a partit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 entered a card by hand</source>
        <translation>%1 kézzel bevitt egy lapot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 swapped the cards at %2 and %3</source>
        <translation>%1 felcserélte a %2 és a %3 lapját</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 voided the round</source>
        <translation>%1 törölte a partit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ended the shoe</source>
        <translation>%1 lezárta a cipőt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 acted</source>
        <translation>%1 intézkedett</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shoe %1, round %2: %3</source>
        <translation>%1. cipő, %2. parti: %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dealt by %1</source>
        <translation>Osztotta: %1</translation>
    </message>
    <message>
        <location filename="../recall_picture.py" line="+54"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Player</source>
        <translation>Játékos</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Banker</source>
        <translation>Bank</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>total %1</source>
        <translation>összeg %1</translation>
    </message>
    <message>
        <location filename="../recall_tab.py" line="+6"/>
        <source>Result: %1</source>
        <translation>Eredmény: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>player natural</source>
        <translation>játékos természetes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker natural</source>
        <translation>bank természetes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player pair</source>
        <translation>játékos pár</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker pair</source>
        <translation>bank pár</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also: %1</source>
        <translation>Továbbá: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Entered by hand: %1</source>
        <translation>Kézzel bevitt: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Voided because: %1</source>
        <translation>Törölve, mert: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Incidents:</source>
        <translation>Incidensek:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Acts:</source>
        <translation>Intézkedések:</translation>
    </message>
</context>
<context>
    <name>RefusalWords</name>
    <message>
        <location filename="../refusal_words.py" line="+17"/>
        <source>the station could not do it; nothing changed at the table. Call the technician if it happens again</source>
        <translation>az állomás ezt nem tudta elvégezni; az asztalnál semmi sem változott. Ha újra előfordul, hívd a technikust</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the table is paused: the supervisor resolves the incident first, then the dealer changes</source>
        <translation>az asztal szünetel: előbb a felügyelő rendezi az incidenst, utána vált az osztó</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a round is open: the dealer changes between rounds</source>
        <translation>egy parti folyamatban van: az osztó a partik között vált</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no dealer is signed in</source>
        <translation>nincs bejelentkezett osztó</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this dealer is already signed in</source>
        <translation>ez az osztó már be van jelentkezve</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed now</source>
        <translation>most nem megengedett</translation>
    </message>
</context>
<context>
    <name>ReplayPanel</name>
    <message>
        <location filename="../replay_panel.py" line="+70"/>
        <location line="+38"/>
        <source>Pause</source>
        <translation>Szünet</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Step</source>
        <translation>Lépés</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>REPLAY</source>
        <translation>VISSZAJÁTSZÁS</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed</source>
        <translation>Sebesség</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Play</source>
        <translation>Lejátszás</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>replay finished</source>
        <translation>visszajátszás vége</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replay playing</source>
        <translation>visszajátszás folyamatban</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>replay paused</source>
        <translation>visszajátszás szünetel</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Play / pause the replay [F7]</source>
        <translation>A visszajátszás indítása / megállítása [F7]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play the next recorded step [F8]</source>
        <translation>A következő rögzített lépés lejátszása [F8]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay</source>
        <translation>Visszajátszás</translation>
    </message>
</context>
<context>
    <name>RoadsView</name>
    <message>
        <location filename="../road_marks.py" line="+78"/>
        <source>B</source>
        <comment>the banker&apos;s letter</comment>
        <translation>B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P</source>
        <comment>the player&apos;s letter</comment>
        <translation>J</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T</source>
        <comment>a tie&apos;s letter</comment>
        <translation>D</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Bead plate</source>
        <translation>Gyöngysor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Big road</source>
        <translation>Nagy út</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Big eye boy</source>
        <translation>Nagy szem</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Small road</source>
        <translation>Kis út</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cockroach pig</source>
        <translation>Csótány út</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Ask</source>
        <translation>Kérdés</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds</source>
        <translation>Partik</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Banker</source>
        <translation>Bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player</source>
        <translation>Játékos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tie</source>
        <translation>Döntetlen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B pair</source>
        <translation>Bank pár</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>P pair</source>
        <translation>Játékos pár</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Naturals</source>
        <translation>Természetes</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>red</source>
        <translation>piros</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>blue</source>
        <translation>kék</translation>
    </message>
</context>
<context>
    <name>SignInScreen</name>
    <message>
        <location filename="../sign_in.py" line="-215"/>
        <source>DEALER SIGN-IN</source>
        <translation>OSZTÓ BEJELENTKEZÉS</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Type your dealer id and PIN, or scan your dealer badge.</source>
        <translation>Írd be az osztóazonosítód és a PIN-t, vagy olvasd be az osztókártyád.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dealer id</source>
        <translation>osztóazonosító</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PIN</source>
        <translation>PIN-kód</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>SIGN IN</source>
        <translation>BELÉPÉS</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SIGN OUT</source>
        <translation>KILÉPÉS</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>OSZTÓ KÉPERNYŐ</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CREATE THE FIRST ACCOUNTS</source>
        <translation>AZ ELSŐ FIÓKOK LÉTREHOZÁSA</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Badge of %1 read: enter the PIN</source>
        <translation>%1 kártyája beolvasva: írd be a PIN-t</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type the dealer id and the PIN</source>
        <translation>Írd be az osztóazonosítót és a PIN-t</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>REFUSED: %1</source>
        <translation>ELUTASÍTVA: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nobody is signed in: betting cannot open until a dealer signs in.</source>
        <translation>Senki sincs bejelentkezve: a fogadás csak akkor nyílhat, ha egy osztó bejelentkezik.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Demo dealer signed in</source>
        <translation>Bemutató osztó bejelentkezve</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signed in: %1</source>
        <translation>Bejelentkezve: %1</translation>
    </message>
</context>
<context>
    <name>Station</name>
    <message>
        <location filename="../app.py" line="+211"/>
        <source>Demo dealer — no accounts yet: create them with dealer-station users add</source>
        <translation>Bemutató osztó — még nincs fiók: hozd létre őket így: dealer-station users add</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No accounts yet: betting cannot open until a dealer signs in. Add a dealer with &apos;dealer-station users add NAME --role dealer&apos; (and a supervisor with --role supervisor), then sign in here.</source>
        <translation>Még nincs fiók: a fogadás csak akkor nyílhat, ha egy osztó bejelentkezik. Adj hozzá egy osztót így: &apos;dealer-station users add NAME --role dealer&apos; (és egy felügyelőt: --role supervisor), majd jelentkezz be itt.</translation>
    </message>
</context>
<context>
    <name>StatsBox</name>
    <message>
        <location filename="../dealer_panels.py" line="+88"/>
        <source>BANKER</source>
        <translation>BANK</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>JÁTÉKOS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>DÖNTETLEN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUNDS</source>
        <translation>PARTIK</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Player pairs %1   Banker pairs %2   Naturals %3</source>
        <translation>Játékos pár %1   Bank pár %2   Természetes %3</translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message>
        <location filename="../supervisor_screen.py" line="+170"/>
        <source>SUPERVISOR</source>
        <translation>FELÜGYELŐ</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>user</source>
        <translation>felhasználó</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>PIN</source>
        <translation>PIN-kód</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>LOG IN</source>
        <translation>BELÉPÉS</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LOG OUT</source>
        <translation>KILÉPÉS</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>OSZTÓ KÉPERNYŐ</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>INCIDENT &amp;&amp; ACTS</source>
        <translation>INCIDENS ÉS INTÉZKEDÉS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE-BET EDGE</source>
        <translation>MELLÉKTÉT ELŐNY</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUND RECALL</source>
        <translation>PARTIK VISSZANÉZÉSE</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Type the user and the PIN</source>
        <translation>Írd be a felhasználót és a PIN-t</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>REFUSED: %1</source>
        <translation>ELUTASÍTVA: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+189"/>
        <source>wrong PIN</source>
        <translation>hibás PIN</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>REFUSED: wrong user or PIN</source>
        <translation>ELUTASÍTVA: hibás felhasználó vagy PIN</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Session of %1 ended: the supervisor screen was left. Type the PIN again to act.</source>
        <translation>%1 munkamenete véget ért: elhagyta a felügyelő képernyőt. Intézkedéshez írja be újra a PIN-t.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended after %2 seconds without a touch. Type the PIN again to act.</source>
        <translation>%1 munkamenete %2 másodperc érintés nélkül véget ért. Intézkedéshez írja be újra a PIN-t.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended: the incident it was opened for is over. Type the PIN again to act.</source>
        <translation>%1 munkamenete véget ért: az incidens, amelyhez nyílt, lezárult. Intézkedéshez írja be újra a PIN-t.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session of %1 ended: there is another incident on the table now. Type the PIN again to act.</source>
        <translation>%1 munkamenete véget ért: most másik incidens van az asztalon. Intézkedéshez írja be újra a PIN-t.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>logged in: %1</source>
        <translation>belépve: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not logged in</source>
        <translation>nincs belépve</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Still needed: %1</source>
        <translation>Még hiányzik: %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>REFUSED – not authorised: %1</source>
        <translation>ELUTASÍTVA – nincs jogosultság: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the table changed before the act arrived: look at the incident again</source>
        <translation>az asztal megváltozott, mielőtt a művelet megérkezett: nézd meg újra az incidenst</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REFUSED – not allowed now: %1</source>
        <translation>ELUTASÍTVA – most nem lehet: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ERROR: %1</source>
        <translation>HIBA: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>DONE: %1</source>
        <translation>KÉSZ: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-143"/>
        <source>Session of %1 ends in %n s without a touch: touch the screen to stay logged in.</source>
        <translation>
            <numerusform>%1 munkamenete %n mp múlva véget ér érintés nélkül: érintse meg a képernyőt, hogy bejelentkezve maradjon.</numerusform>
        </translation>
    </message>
</context>
</TS>
