<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt">
<context>
    <name>CardFace</name>
    <message>
        <location filename="../cards.py" line="76" />
        <location filename="../cards.py" line="134" />
        <source>MANUAL</source>
        <translation>MANUAL</translation>
    </message>
    <message>
        <location filename="../cards.py" line="79" />
        <source>RESCAN</source>
        <translation>RELER</translation>
    </message>
    <message>
        <location filename="../cards.py" line="81" />
        <source>NEXT</source>
        <translation>PRÓXIMA</translation>
    </message>
</context>
<context>
    <name>DealerScreen</name>
    <message>
        <location filename="../dealer_screen.py" line="85" />
        <source>TOTAL</source>
        <translation>TOTAL</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="126" />
        <source>WINS</source>
        <translation>GANHA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="130" />
        <location filename="../dealer_screen.py" line="294" />
        <source>TIE</source>
        <translation>EMPATE</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="208" />
        <source>TABLE</source>
        <translation>MESA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="209" />
        <source>SHOE</source>
        <translation>SAPATO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="210" />
        <source>ROUND</source>
        <translation>RODADA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="211" />
        <source>CARDS LEFT</source>
        <translation>CARTAS NO SAPATO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="212" />
        <source>BURN</source>
        <translation>QUEIMA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="213" />
        <source>CUT CARD</source>
        <translation>CARTÃO DE CORTE</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="214" />
        <source>SHOE LINK</source>
        <translation>LIGAÇÃO DO SAPATO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="225" />
        <source>LAST ROUND</source>
        <translation>ÚLTIMA RODADA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="251" />
        <location filename="../dealer_screen.py" line="293" />
        <source>PLAYER</source>
        <translation>JOGADOR</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="252" />
        <location filename="../dealer_screen.py" line="292" />
        <source>BANKER</source>
        <translation>BANKER</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="273" />
        <source>ROADS</source>
        <translation>ESTRADAS</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="278" />
        <source>Roads are not available in this build</source>
        <translation>As estradas não estão disponíveis nesta versão</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="288" />
        <source>SHOE STATISTICS</source>
        <translation>ESTATÍSTICAS DO SAPATO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="295" />
        <source>ROUNDS</source>
        <translation>RODADAS</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="312" />
        <source>BETS OFFERED THIS ROUND</source>
        <translation>APOSTAS ABERTAS NESTA RODADA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="329" />
        <source>NEW SHOE</source>
        <translation>NOVO SAPATO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="330" />
        <source>SHUFFLED</source>
        <translation>EMBARALHADO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="331" />
        <source>OPEN BETTING</source>
        <translation>ABRIR APOSTAS</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="332" />
        <source>NO MORE BETS</source>
        <translation>APOSTAS ENCERRADAS</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="333" />
        <source>CONFIRM RESULT</source>
        <translation>CONFIRMAR RESULTADO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="334" />
        <source>DRAW CARD</source>
        <translation>TIRAR CARTA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="335" />
        <source>CALL SUPERVISOR</source>
        <translation>CHAMAR SUPERVISOR</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="347" />
        <location filename="../dealer_screen.py" line="511" />
        <source>NEXT</source>
        <translation>SEGUINTE</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="347" />
        <source>SPACE / ENTER</source>
        <translation>ESPAÇO / ENTER</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="383" />
        <source>SHOW CARD</source>
        <translation>MOSTRAR CARTA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="385" />
        <source>%1 TO BURN</source>
        <translation>QUEIMAR %1</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="388" />
        <source>DONE %1</source>
        <translation>FEITA %1</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="392" />
        <source>OUT</source>
        <translation>SAIU</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="394" />
        <source>IN SHOE</source>
        <translation>NO SAPATO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="396" />
        <source>ONLINE</source>
        <translation>LIGADO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="398" />
        <source>OFFLINE</source>
        <translation>DESLIGADO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="426" />
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="433" />
        <source>MISREAD – RESCAN %1</source>
        <translation>LEITURA FALHOU – RELER %1</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="435" />
        <source>(%1×)</source>
        <translation>(%1×)</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="449" />
        <source>INCIDENT</source>
        <translation>INCIDENTE</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="451" />
        <source>%1 AT %2</source>
        <translation>%1 EM %2</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="485" />
        <source>Player pairs %1   Banker pairs %2   Naturals %3</source>
        <translation>Pares do Jogador %1   Pares do Banker %2   Naturais %3</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="90" />
        <source>Dealer Station – Punto Banco</source>
        <translation>Estação do Dealer – Punto Banco</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="154" />
        <source>called from the dealer console</source>
        <translation>chamado pela consola do dealer</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../prompts.py" line="77" />
        <source>A card was read with no shoe open: %1. It is not part of any round.</source>
        <translation>Foi lida uma carta sem sapato aberto: %1. Não faz parte de nenhuma rodada.</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="80" />
        <source>The cut card was read with no shoe open. It is not part of any round.</source>
        <translation>A carta de corte foi lida sem sapato aberto. Não faz parte de nenhuma rodada.</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="81" />
        <source>A misread came from the shoe with no shoe open. It is not part of any round.</source>
        <translation>Chegou uma leitura falhada do sapato sem sapato aberto. Não faz parte de nenhuma rodada.</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="48" />
        <source>PLAYER CARD %1</source>
        <translation>CARTA %1 DO JOGADOR</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="49" />
        <source>BANKER CARD %1</source>
        <translation>CARTA %1 DO BANKER</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="58" />
        <source>THE BURN CARD</source>
        <translation>A CARTA DE QUEIMA</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="59" />
        <source>THE CARD</source>
        <translation>A CARTA</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="66" />
        <source>BANKER</source>
        <translation>BANKER</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="67" />
        <source>PLAYER</source>
        <translation>JOGADOR</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="68" />
        <source>TIE</source>
        <translation>EMPATE</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="75" />
        <source>Player</source>
        <translation>Jogador</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="76" />
        <source>Banker</source>
        <translation>Banker</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="77" />
        <source>Tie</source>
        <translation>Empate</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="78" />
        <source>Player Pair</source>
        <translation>Par do Jogador</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="79" />
        <source>Banker Pair</source>
        <translation>Par do Banker</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="80" />
        <source>Either Pair</source>
        <translation>Qualquer Par</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="81" />
        <source>Perfect Pair</source>
        <translation>Par Perfeito</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="82" />
        <source>Player Natural</source>
        <translation>Natural do Jogador</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="83" />
        <source>Banker Natural</source>
        <translation>Natural do Banker</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="84" />
        <source>Player Bonus</source>
        <translation>Bónus do Jogador</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="85" />
        <source>Banker Bonus</source>
        <translation>Bónus do Banker</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="86" />
        <source>Lucky Six</source>
        <translation>Lucky Six</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="87" />
        <source>2 Cards Lucky Six</source>
        <translation>Lucky Six 2 Cartas</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="88" />
        <source>3 Cards Lucky Six</source>
        <translation>Lucky Six 3 Cartas</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="96" />
        <source>NO SHOE</source>
        <translation>SEM SAPATO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="97" />
        <source>SHUFFLE</source>
        <translation>EMBARALHAR</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="98" />
        <source>BURN CARD</source>
        <translation>CARTA DE QUEIMA</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="99" />
        <source>READY</source>
        <translation>PRONTO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="100" />
        <source>BURNING</source>
        <translation>A QUEIMAR</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="101" />
        <source>BETTING OPEN</source>
        <translation>APOSTAS ABERTAS</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="102" />
        <location filename="../prompts.py" line="150" />
        <source>NO MORE BETS</source>
        <translation>APOSTAS ENCERRADAS</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="103" />
        <location filename="../prompts.py" line="153" />
        <source>DEALING</source>
        <translation>A DISTRIBUIR</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="104" />
        <location filename="../prompts.py" line="124" />
        <source>RESULT</source>
        <translation>RESULTADO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="105" />
        <source>PAUSED</source>
        <translation>EM PAUSA</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="106" />
        <source>SHOE END</source>
        <translation>FIM DO SAPATO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="117" />
        <source>TIE %1 – %2</source>
        <translation>EMPATE %1 – %2</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="119" />
        <source>PLAYER WINS %1 – %2</source>
        <translation>JOGADOR GANHA %1 – %2</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="121" />
        <source>BANKER WINS %1 – %2</source>
        <translation>BANKER GANHA %1 – %2</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="123" />
        <source>ROUND VOIDED</source>
        <translation>RODADA ANULADA</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="131" />
        <source>RESCAN %1</source>
        <translation>RELER %1</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="133" />
        <source>NEW SHOE</source>
        <translation>NOVO SAPATO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="135" />
        <source>SHUFFLE AND LOAD THE SHOE</source>
        <translation>EMBARALHE E CARREGUE O SAPATO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="138" />
        <source>OPEN BETTING – ROUND %1</source>
        <translation>ABRIR APOSTAS – RODADA %1</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="140" />
        <source>SHOW THE BURN CARD</source>
        <translation>MOSTRE A CARTA DE QUEIMA</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="143" />
        <source>BURN %n MORE CARD(S)</source>
        <translation>QUEIME MAIS %n CARTA(S)</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="147" />
        <source>PLACE YOUR BETS %1</source>
        <translation>FAÇAM AS SUAS APOSTAS %1</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="148" />
        <source>PLACE YOUR BETS</source>
        <translation>FAÇAM AS SUAS APOSTAS</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="153" />
        <source>DEAL %1</source>
        <translation>DISTRIBUA %1</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="157" />
        <source>ROUND PAUSED – CALL THE SUPERVISOR</source>
        <translation>RODADA EM PAUSA – CHAME O SUPERVISOR</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="159" />
        <source>SHOE ENDED – NEW SHOE</source>
        <translation>SAPATO TERMINADO – NOVO SAPATO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="168" />
        <source>Rescan %1</source>
        <translation>Releia %1</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="171" />
        <source>Press NEW SHOE to start a shoe</source>
        <translation>Prima NOVO SAPATO para começar um sapato</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="173" />
        <source>Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED</source>
        <translation>Embaralhe 8 baralhos, coloque o cartão de corte, carregue o sapato e prima EMBARALHADO</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="175" />
        <source>Press NO MORE BETS to close betting</source>
        <translation>Prima APOSTAS ENCERRADAS para fechar as apostas</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="177" />
        <source>Announce the result, then CONFIRM</source>
        <translation>Anuncie o resultado e CONFIRME</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="179" />
        <source>Press OPEN BETTING</source>
        <translation>Prima ABRIR APOSTAS</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="181" />
        <source>Draw one card and show it: it sets the burn</source>
        <translation>Tire uma carta e mostre-a: ela define a queima</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="183" />
        <source>Burn the next card face down</source>
        <translation>Queime a próxima carta virada para baixo</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="186" />
        <source>Deal %1</source>
        <translation>Distribua %1</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="188" />
        <source>Wait for the supervisor</source>
        <translation>Aguarde o supervisor</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="230" />
        <source>NATURAL: PLAYER %1, BANKER %2: NO MORE CARDS</source>
        <translation>NATURAL: JOGADOR %1, BANKER %2: SEM MAIS CARTAS</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="233" />
        <source>PLAYER DRAWS ON %1</source>
        <translation>JOGADOR COMPRA COM %1</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="239" />
        <source>BANKER DRAWS (PLAYER STOOD; BANKER %1: DRAWS)</source>
        <translation>BANKER COMPRA (JOGADOR FICOU; BANKER %1: COMPRA)</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="241" />
        <source>BANKER DRAWS (BANKER %1, PLAYER'S THIRD CARD %2: DRAWS)</source>
        <translation>BANKER COMPRA (BANKER %1, TERCEIRA CARTA DO JOGADOR %2: COMPRA)</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="244" />
        <source>PLAYER STANDS ON %1; BANKER STANDS (PLAYER STOOD; BANKER %2: STANDS)</source>
        <translation>JOGADOR FICA COM %1; BANKER FICA (JOGADOR FICOU; BANKER %2: FICA)</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="246" />
        <source>BANKER STANDS (BANKER %1, PLAYER'S THIRD CARD %2: STANDS)</source>
        <translation>BANKER FICA (BANKER %1, TERCEIRA CARTA DO JOGADOR %2: FICA)</translation>
    </message>
</context>
<context>
    <name>ReplayPanel</name>
    <message>
        <location filename="../replay_panel.py" line="65" />
        <location filename="../replay_panel.py" line="103" />
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="66" />
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="77" />
        <source>REPLAY</source>
        <translation>REPRODUÇÃO</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="80" />
        <source>Speed</source>
        <translation>Velocidade</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="110" />
        <source>Play</source>
        <translation>Reproduzir</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="172" />
        <source>replay finished</source>
        <translation>reprodução terminada</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="173" />
        <source>replay playing</source>
        <translation>reprodução a decorrer</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="173" />
        <source>replay paused</source>
        <translation>reprodução em pausa</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="186" />
        <source>Play / pause the replay [F7]</source>
        <translation>Reproduzir / pausar a reprodução [F7]</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="187" />
        <source>Play the next recorded step [F8]</source>
        <translation>Reproduzir o passo gravado seguinte [F8]</translation>
    </message>
    <message>
        <location filename="../replay_panel.py" line="188" />
        <source>Replay</source>
        <translation>Reprodução</translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message>
        <source>Session of %1 ended: the supervisor screen was left. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou: saiu-se do ecrã do supervisor. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <source>Session of %1 ended after %2 seconds without a touch. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou após %2 segundos sem um toque. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <source>Session of %1 ended: the incident it was opened for is over. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou: o incidente para que foi aberta acabou. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <source>Session of %1 ended: there is another incident on the table now. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou: há agora outro incidente na mesa. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <source>a note in plain text (no control characters)</source>
        <translation>uma nota em texto simples (sem caracteres de controlo)</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="150" />
        <source>SUPERVISOR</source>
        <translation>SUPERVISOR</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="155" />
        <source>user</source>
        <translation>utilizador</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="158" />
        <location filename="../supervisor_screen.py" line="181" />
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="162" />
        <source>LOG IN</source>
        <translation>ENTRAR</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="165" />
        <source>LOG OUT</source>
        <translation>SAIR</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="170" />
        <source>DEALER SCREEN</source>
        <translation>ECRÃ DO DEALER</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="196" />
        <source>INCIDENT &amp;&amp; ACTS</source>
        <translation>INCIDENTE &amp;&amp; ATOS</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="197" />
        <source>SIDE-BET EDGE</source>
        <translation>VANTAGEM NAS APOSTAS LATERAIS</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="198" />
        <source>ROUND RECALL</source>
        <translation>HISTÓRICO DE RODADAS</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="211" />
        <source>INCIDENT</source>
        <translation>INCIDENTE</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="212" />
        <location filename="../supervisor_screen.py" line="633" />
        <source>No incident: the round is not paused</source>
        <translation>Sem incidente: a rodada não está em pausa</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="221" />
        <source>WHEN</source>
        <translation>QUANDO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="222" />
        <source>POSITION</source>
        <translation>POSIÇÃO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="223" />
        <location filename="../supervisor_screen.py" line="300" />
        <source>REASON</source>
        <translation>MOTIVO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="224" />
        <source>STATE BEFORE</source>
        <translation>ESTADO ANTERIOR</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="225" />
        <source>DETAIL</source>
        <translation>DETALHE</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="226" />
        <source>SHOE / ROUND</source>
        <translation>SAPATO / RODADA</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="237" />
        <source>EVIDENCE AND LAST RAW FRAMES FROM THE SHOE</source>
        <translation>PROVA E ÚLTIMAS TRAMAS BRUTAS DO SAPATO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239" />
        <location filename="../supervisor_screen.py" line="334" />
        <source>time</source>
        <translation>hora</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239" />
        <source>frame</source>
        <translation>trama</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239" />
        <source>hex</source>
        <translation>hex</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="239" />
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="249" />
        <source>ACT</source>
        <translation>ATO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="255" />
        <source>RESUME</source>
        <translation>RETOMAR</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="256" />
        <source>ENTER CARD</source>
        <translation>INTRODUZIR CARTA</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="257" />
        <source>MOVE CARD</source>
        <translation>MOVER CARTA</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="258" />
        <source>VOID ROUND</source>
        <translation>ANULAR RODADA</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="259" />
        <source>END SHOE</source>
        <translation>TERMINAR SAPATO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="275" />
        <source>card, e.g. QD or 10H</source>
        <translation>carta, p. ex. QD ou 10H</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="284" />
        <source>— choose a reason code —</source>
        <translation>— escolha um código de motivo —</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="289" />
        <source>note (required): what happened, who was called</source>
        <translation>nota (obrigatória): o que aconteceu, quem foi chamado</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="291" />
        <source>CARD</source>
        <translation>CARTA</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="292" />
        <source>FROM</source>
        <translation>DE</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="293" />
        <source>TO</source>
        <translation>PARA</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="302" />
        <source>NOTE</source>
        <translation>NOTA</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="307" />
        <source>WHAT WILL HAPPEN</source>
        <translation>O QUE VAI ACONTECER</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="313" />
        <source>CONFIRM ACT</source>
        <translation>CONFIRMAR ATO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="328" />
        <source>SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT</source>
        <translation>APOSTAS LATERAIS FAVORÁVEIS AO JOGADOR COM AS CARTAS RESTANTES</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="329" />
        <location filename="../supervisor_screen.py" line="674" />
        <source>No alert in this shoe</source>
        <translation>Nenhum alerta neste sapato</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334" />
        <source>bet</source>
        <translation>aposta</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334" />
        <source>player EV per unit</source>
        <translation>EV do jogador por unidade</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334" />
        <source>cards left</source>
        <translation>cartas restantes</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="334" />
        <location filename="../supervisor_screen.py" line="360" />
        <source>round</source>
        <translation>rodada</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="345" />
        <source>SHOE</source>
        <translation>SAPATO</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="347" />
        <source>this shoe</source>
        <translation>este sapato</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="348" />
        <source>all shoes</source>
        <translation>todos os sapatos</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="350" />
        <source>LOAD ROUNDS</source>
        <translation>CARREGAR RODADAS</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="359" />
        <source>shoe</source>
        <translation>sapato</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="361" />
        <source>status</source>
        <translation>estado</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="362" />
        <source>player</source>
        <translation>jogador</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="363" />
        <source>banker</source>
        <translation>banker</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="364" />
        <source>result</source>
        <translation>resultado</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="365" />
        <source>incidents</source>
        <translation>incidentes</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="366" />
        <source>acts</source>
        <translation>atos</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="388" />
        <source>Type the user and the PIN</source>
        <translation>Escreva o utilizador e o PIN</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="396" />
        <source>REFUSED: %1</source>
        <translation>RECUSADO: %1</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="396" />
        <location filename="../supervisor_screen.py" line="608" />
        <source>wrong PIN</source>
        <translation>PIN errado</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="401" />
        <source>REFUSED: wrong user or PIN</source>
        <translation>RECUSADO: utilizador ou PIN errado</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="434" />
        <source>logged in: %1</source>
        <translation>sessão iniciada: %1</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="434" />
        <source>not logged in</source>
        <translation>sem sessão</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="480" />
        <source>Choose an act.</source>
        <translation>Escolha um ato.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="482" />
        <source>The table is not paused: there is nothing to resolve, and the controller will refuse.</source>
        <translation>A mesa não está em pausa: não há nada a resolver e o controlador recusará.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="484" />
        <source>The shoe is still disconnected: reconnect it first (the controller refuses to resume).</source>
        <translation>O sapato continua desligado: volte a ligá-lo primeiro (o controlador recusa retomar).</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="486" />
        <source>No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.</source>
        <translation>Nenhuma rodada aberta (pausa em %1): nada a anular. Use RETOMAR ou TERMINAR SAPATO.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="492" />
        <source>Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes.</source>
        <translation>A rodada %1 do sapato %2 retoma onde parou (%3); a contagem de leituras falhadas recomeça. Nenhuma carta muda.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="284" />
        <source>DISCARD THE HELD CARDS</source>
        <translation>DESCARTAR AS CARTAS RETIDAS</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="498" />
        <source>The journal is written again first (RESUME is refused while it still fails); then the table goes on where it stopped.</source>
        <translation>Primeiro o diário volta a ser escrito (RETOMAR é recusado enquanto ainda falhar); depois a mesa continua onde parou.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="503" />
        <source>The shoe events held during the failure (%1) are then journaled and acted on, in order, as if read now.</source>
        <translation>Os eventos do sapato retidos durante a falha (%1) são então registados no diário e tratados, por ordem, como se lidos agora.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="498" />
        <source>The shoe read %1 while paused; the card is held. RESUME is refused until it is dealt with: ENTER CARD %1 to place it, or tick DISCARD THE HELD CARDS to discard it.</source>
        <translation>O sapato leu %1 durante a pausa; a carta está retida. RETOMAR é recusado até que se decida: INTRODUZIR CARTA %1 para a colocar, ou marque DESCARTAR AS CARTAS RETIDAS para a descartar.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="513" />
        <source>The held cards %1 are DISCARDED (recorded). Round %2 of shoe %3 resumes where it stopped (%4); the misread count restarts.</source>
        <translation>As cartas retidas %1 são DESCARTADAS (registado). A rodada %2 do sapato %3 retoma onde parou (%4); a contagem de leituras falhadas recomeça.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="503" />
        <source>(type a valid card)</source>
        <translation>(escreva uma carta válida)</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="506" />
        <source>Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the third-card rules.</source>
        <translation>A carta %1 é colocada em %2 da rodada %3 e registada como MANUAL; a rodada continua pelas regras da terceira carta.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="510" />
        <source>the position due</source>
        <translation>a posição devida</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="517" />
        <source>The cards at %1 and %2 change places; totals and who draws are recomputed. Refused when a card dealt after them would no longer be due: then void the round.</source>
        <translation>As cartas em %1 e %2 trocam de lugar; os totais e quem compra são recalculados. Recusado se uma carta distribuída depois deixar de ser devida: nesse caso anule a rodada.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="526" />
        <source>Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. The next round is round %3.</source>
        <translation>A rodada %1 do sapato %2 é ANULADA: todas as apostas são devolvidas. As suas cartas são descartadas. A próxima rodada é a %3.</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="536" />
        <source>Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer is asked for a new shoe (shuffle and burn).</source>
        <translation>O sapato %1 TERMINA agora após a rodada %2: uma rodada em curso é anulada e devolvida; o dealer é chamado a preparar um novo sapato (embaralhar e queimar).</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="557" />
        <source>log in</source>
        <translation>iniciar sessão</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="559" />
        <source>choose an act</source>
        <translation>escolher um ato</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="561" />
        <source>a reason code</source>
        <translation>um código de motivo</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="563" />
        <source>a note</source>
        <translation>uma nota</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="568" />
        <source>a valid card</source>
        <translation>uma carta válida</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="570" />
        <source>two different positions</source>
        <translation>duas posições diferentes</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="584" />
        <location filename="../supervisor_screen.py" line="590" />
        <source>Still needed: %1</source>
        <translation>Ainda falta: %1</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="608" />
        <source>REFUSED – not authorised: %1</source>
        <translation>RECUSADO – sem autorização: %1</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="611" />
        <source>REFUSED – not allowed now: %1</source>
        <translation>RECUSADO – não permitido agora: %1</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="613" />
        <source>ERROR: %1</source>
        <translation>ERRO: %1</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="616" />
        <source>DONE: %1</source>
        <translation>FEITO: %1</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="656" />
        <source>incident</source>
        <translation>incidente</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="656" />
        <source>evidence</source>
        <translation>prova</translation>
    </message>
    <message>
        <location filename="../supervisor_screen.py" line="694" />
        <source>%1 favours the player now (EV %2)</source>
        <translation>%1 favorece agora o jogador (EV %2)</translation>
    </message>
</context>
</TS>