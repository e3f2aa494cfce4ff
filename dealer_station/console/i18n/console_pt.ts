<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt">
<context>
    <name>ActPanel</name>
    <message>
        <location filename="../act_panel.py" line="+66"/>
        <source>ACT</source>
        <translation>ATO</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>RESUME</source>
        <translation>RETOMAR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ENTER CARD</source>
        <translation>INTRODUZIR CARTA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MOVE CARD</source>
        <translation>MOVER CARTA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VOID ROUND</source>
        <translation>ANULAR RODADA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>END SHOE</source>
        <translation>TERMINAR SAPATO</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>card, e.g. QD or 10H</source>
        <translation>carta, p. ex. QD ou 10H</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>DISCARD THE HELD CARDS</source>
        <translation>DESCARTAR AS CARTAS RETIDAS</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>— choose a reason code —</source>
        <translation>— escolha um código de motivo —</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>note (required): what happened, who was called</source>
        <translation>nota obrigatória: o que houve, quem veio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CARD</source>
        <translation>CARTA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FROM</source>
        <translation>DE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TO</source>
        <translation>PARA</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>REASON</source>
        <translation>MOTIVO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NOTE</source>
        <translation>NOTA</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>WHAT WILL HAPPEN</source>
        <translation>O QUE VAI ACONTECER</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CONFIRM ACT</source>
        <translation>CONFIRMAR ATO</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose an act.</source>
        <translation>Escolha um ato.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The table is not paused: there is nothing to resolve, and the controller will refuse.</source>
        <translation>A mesa não está em pausa: não há nada a resolver e o controlador recusará.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shoe is still disconnected: reconnect it first (the controller refuses to resume).</source>
        <translation>O sapato continua desligado: volte a ligá-lo primeiro (o controlador recusa retomar).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.</source>
        <translation>Nenhuma rodada aberta (pausa em %1): nada a anular. Use RETOMAR ou TERMINAR SAPATO.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. RESUME is refused until it is dealt with: ENTER CARD %1 to place it, or tick DISCARD THE HELD CARDS to discard it.</source>
        <translation>O sapato leu %1 durante a pausa; a carta está retida. RETOMAR é recusado até que se decida: INTRODUZIR CARTA %1 para a colocar, ou marque DESCARTAR AS CARTAS RETIDAS para a descartar.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. Enter %1, or RESUME with DISCARD THE HELD CARDS ticked to discard it first.</source>
        <translation>O sapato leu %1 durante a pausa; a carta está retida. Introduza %1, ou RETOMAR com DESCARTAR AS CARTAS RETIDAS marcado para a descartar primeiro.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The journal cannot be written: only RESUME is taken until it can.</source>
        <translation>O diário não pode ser escrito: só RETOMAR é aceite até que possa.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No card is expected now (paused from %1): ENTER CARD is refused.</source>
        <translation>Nenhuma carta é esperada agora (pausa em %1): INTRODUZIR CARTA é recusado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round&apos;s cards are all out: no card is due. Use RESUME.</source>
        <translation>As cartas da rodada já saíram todas: nenhuma carta é devida. Use RETOMAR.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cut card came out before this round&apos;s first card: no more rounds are dealt. Use RESUME, VOID ROUND or END SHOE.</source>
        <translation>A carta de corte saiu antes da primeira carta desta rodada: não se distribuem mais rodadas. Use RETOMAR, ANULAR RODADA ou TERMINAR SAPATO.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not in the shoe any more (all its copies are out): ENTER CARD is refused.</source>
        <translation>%1 já não está no sapato (todas as suas cópias saíram): INTRODUZIR CARTA é recusado.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move %1 would not be due by the third-card rules: MOVE CARD is refused. Void the round instead.</source>
        <translation>Depois desta troca %1 não seria devida pelas regras da terceira carta: MOVER CARTA é recusado. Anule a rodada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move the round would need more cards: MOVE CARD is refused.</source>
        <translation>Depois desta troca a rodada precisaria de mais cartas: MOVER CARTA é recusado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 and %2 must be two different cards already dealt in this round: MOVE CARD is refused.</source>
        <translation>%1 e %2 têm de ser duas cartas diferentes já distribuídas nesta rodada: MOVER CARTA é recusado.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The journal is written again first (RESUME is refused while it still fails); then the table goes on where it stopped.</source>
        <translation>Primeiro o diário volta a ser escrito (RETOMAR é recusado enquanto ainda falhar); depois a mesa continua onde parou.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shoe events held during the failure (%1) are then journaled and acted on, in order, as if read now.</source>
        <translation>Os eventos do sapato retidos durante a falha (%1) são então registados no diário e tratados, por ordem, como se lidos agora.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The burn of shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>A queima do sapato %1 continua onde parou (%2); a contagem de leituras erradas recomeça. Nenhuma carta muda.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>O sapato %1 continua onde parou (%2); a contagem de leituras erradas recomeça. Nenhuma carta muda.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The held cards %1 are DISCARDED (recorded).</source>
        <translation>As cartas retidas %1 são DESCARTADAS (registado).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The held cards %1 are DISCARDED (recorded). Round %2 of shoe %3 resumes where it stopped (%4); the misread count restarts.</source>
        <translation>As cartas retidas %1 são DESCARTADAS (registado). A rodada %2 do sapato %3 retoma onde parou (%4); a contagem de leituras falhadas recomeça.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes.</source>
        <translation>A rodada %1 do sapato %2 retoma onde parou (%3); a contagem de leituras falhadas recomeça. Nenhuma carta muda.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(type a valid card)</source>
        <translation>(escreva uma carta válida)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the third-card rules.</source>
        <translation>A carta %1 é colocada em %2 da rodada %3 e registada como MANUAL; a rodada continua pelas regras da terceira carta.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the position due</source>
        <translation>a posição devida</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cards at %1 and %2 change places; totals and who draws are worked out again.</source>
        <translation>As cartas em %1 e %2 trocam de lugar; os totais e quem compra são calculados de novo.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. The next round is round %3.</source>
        <translation>A rodada %1 do sapato %2 é ANULADA: todas as apostas são devolvidas. As suas cartas são descartadas. A próxima rodada é a %3.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer is asked for a new shoe (shuffle and burn).</source>
        <translation>O sapato %1 TERMINA agora após a rodada %2: uma rodada em curso é anulada e devolvida; o dealer é chamado a preparar um novo sapato (embaralhar e queimar).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>log in</source>
        <translation>iniciar sessão</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>choose an act</source>
        <translation>escolher um ato</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a reason code</source>
        <translation>um código de motivo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note</source>
        <translation>uma nota</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note in plain text (no control characters)</source>
        <translation>uma nota em texto simples (sem caracteres de controlo)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a valid card</source>
        <translation>uma carta válida</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>two different positions</source>
        <translation>duas posições diferentes</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Still needed: %1</source>
        <translation>Ainda falta: %1</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>an incident to act on</source>
        <translation>um incidente sobre o qual agir</translation>
    </message>
</context>
<context>
    <name>CardFace</name>
    <message>
        <location filename="../cards.py" line="+79"/>
        <location line="+58"/>
        <source>MANUAL</source>
        <translation>MANUAL</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>RESCAN</source>
        <translation>RELER</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEXT</source>
        <translation>PRÓXIMA</translation>
    </message>
</context>
<context>
    <name>DealerScreen</name>
    <message>
        <location filename="../dealer_panels.py" line="+98"/>
        <source>TOTAL</source>
        <translation>TOTAL</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>WINS</source>
        <translation>GANHA</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TIE</source>
        <translation>EMPATE</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+49"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>TABLE</source>
        <translation>MESA</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>SHOE</source>
        <translation>SAPATO</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>ROUND</source>
        <translation>RODADA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARDS LEFT</source>
        <translation>CARTAS NO SAPATO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN</source>
        <translation>QUEIMA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD</source>
        <translation>CARTÃO DE CORTE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE LINK</source>
        <translation>LIGAÇÃO DO SAPATO</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LAST ROUND</source>
        <translation>ÚLTIMA RODADA</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+206"/>
        <source>PLAYER</source>
        <translation>JOGADOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER</source>
        <translation>BANKER</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>ROADS</source>
        <translation>ESTRADAS</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Roads are not available in this build</source>
        <translation>As estradas não estão disponíveis nesta versão</translation>
    </message>
    <message>
        <location line="+18"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>BETS OFFERED THIS ROUND</source>
        <translation>APOSTAS ABERTAS NESTA RODADA</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>NEW SHOE</source>
        <translation>NOVO SAPATO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLED</source>
        <translation>EMBARALHADO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEN BETTING</source>
        <translation>ABRIR APOSTAS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NO MORE BETS</source>
        <translation>APOSTAS ENCERRADAS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CONFIRM RESULT</source>
        <translation>CONFIRMAR RESULTADO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DRAW CARD</source>
        <translation>TIRAR CARTA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CALL SUPERVISOR</source>
        <translation>CHAMAR SUPERVISOR</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+234"/>
        <source>NEXT</source>
        <translation>SEGUINTE</translation>
    </message>
    <message>
        <location line="-234"/>
        <source>SPACE / ENTER</source>
        <translation>ESPAÇO / ENTER</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>NO DEALER  [F6]</source>
        <translation>SEM DEALER  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEMO DEALER  [F6]</source>
        <translation>DEALER DE DEMONSTRAÇÃO  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEALER %1  [F6]</source>
        <translation>DEALER %1  [F6]</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+29"/>
        <source>SHOW CARD</source>
        <translation>MOSTRAR CARTA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 TO BURN</source>
        <translation>QUEIMAR %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE %1</source>
        <translation>FEITA %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OUT</source>
        <translation>SAIU</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>IN SHOE</source>
        <translation>NO SAPATO</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="-88"/>
        <source>ONLINE</source>
        <translation>LIGADO</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="+0"/>
        <source>OFFLINE</source>
        <translation>DESLIGADO</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+88"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>MISREAD – RESCAN %1</source>
        <translation>LEITURA FALHOU – RELER %1</translation>
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
        <translation>INCIDENTE</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 AT %2</source>
        <translation>%1 EM %2</translation>
    </message>
    <message>
        <location line="-216"/>
        <source>NO SOUND</source>
        <translation>SEM SOM</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>CHANGE SHOE</source>
        <translation>TROCAR SAPATO</translation>
    </message>
</context>
<context>
    <name>Display</name>
    <message>
        <location filename="../../display/page.py" line="-30"/>
        <source>no limit</source>
        <translation>sem limite</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Waiting for the table</source>
        <translation>À espera da mesa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Getting the shoe so far from the table: %1 of %2 events</source>
        <translation>A obter o sapato até agora da mesa: %1 de %2 eventos</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>COMMISSION</source>
        <translation>COM COMISSÃO</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NO COMMISSION</source>
        <translation>SEM COMISSÃO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MIN</source>
        <translation>MÍN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MAX</source>
        <translation>MÁX</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Player–Banker difference at most %1</source>
        <translation>Diferença Jogador–Banker no máximo %1</translation>
    </message>
</context>
<context>
    <name>EdgeTab</name>
    <message>
        <location filename="../edge_tab.py" line="+33"/>
        <source>SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT</source>
        <translation>APOSTAS LATERAIS FAVORÁVEIS AO JOGADOR COM AS CARTAS RESTANTES</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>No alert in this shoe</source>
        <translation>Nenhum alerta neste sapato</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>time</source>
        <translation>hora</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bet</source>
        <translation>aposta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>player EV per unit</source>
        <translation>EV do jogador por unidade</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cards left</source>
        <translation>cartas restantes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>round</source>
        <translation>rodada</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 favours the player now (EV %2)</source>
        <translation>%1 favorece agora o jogador (EV %2)</translation>
    </message>
</context>
<context>
    <name>FirstAccountsDialog</name>
    <message>
        <location filename="../sign_in.py" line="+336"/>
        <source>The first accounts</source>
        <translation>As primeiras contas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a dealer and a supervisor (PIN: 4 to 12 digits). Later accounts are added with dealer-station users add.</source>
        <translation>Adicione um dealer e um supervisor (PIN: 4 a 12 dígitos). As contas seguintes são adicionadas com dealer-station users add.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>name</source>
        <translation>nome</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dealer</source>
        <translation>dealer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>supervisor</source>
        <translation>supervisor</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PIN again</source>
        <translation>Repetir</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ADD</source>
        <translation>ADICIONAR</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE</source>
        <translation>FEITO</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two PINs differ</source>
        <translation>Os dois PIN não coincidem</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Added %1 (%2)</source>
        <translation>Adicionado: %1 (%2)</translation>
    </message>
</context>
<context>
    <name>IncidentPanel</name>
    <message>
        <location filename="../incident_panel.py" line="+56"/>
        <source>INCIDENT</source>
        <translation>INCIDENTE</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>No incident: the round is not paused</source>
        <translation>Sem incidente: a rodada não está em pausa</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>WHEN</source>
        <translation>QUANDO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POSITION</source>
        <translation>POSIÇÃO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REASON</source>
        <translation>MOTIVO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATE BEFORE</source>
        <translation>ESTADO ANTERIOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DETAIL</source>
        <translation>DETALHE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE / ROUND</source>
        <translation>SAPATO / RODADA</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>THE ROUND</source>
        <translation>A RODADA</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PLAYER</source>
        <translation>JOGADOR</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>BANKER</source>
        <translation>BANKER</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>EVIDENCE AND LAST RAW FRAMES FROM THE SHOE</source>
        <translation>PROVA E ÚLTIMAS TRAMAS BRUTAS DO SAPATO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time</source>
        <translation>hora</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>frame</source>
        <translation>trama</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hex</source>
        <translation>hexa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>text</source>
        <translation>texto</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>total %1</source>
        <translation>total %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card missing: %1</source>
        <translation>Carta em falta: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No card is being dealt</source>
        <translation>Nenhuma carta está a ser dada</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>incident</source>
        <translation>incidente</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>evidence</source>
        <translation>prova</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="+145"/>
        <source>Dealer Station – Punto Banco</source>
        <translation>Estação do Dealer – Punto Banco</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>Accounts added: sign in with one</source>
        <translation>Contas adicionadas: inicie sessão com uma delas</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Signed out: the next dealer signs in</source>
        <translation>Sessão terminada: o próximo dealer inicia sessão</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>called from the dealer console</source>
        <translation>chamado pela consola do dealer</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../prompts.py" line="+140"/>
        <source>PLAYER CARD %1</source>
        <translation>CARTA %1 DO JOGADOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER CARD %1</source>
        <translation>CARTA %1 DO BANKER</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>THE BURN CARD</source>
        <translation>A CARTA DE QUEIMA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>THE CARD</source>
        <translation>A CARTA</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+38"/>
        <source>A card was read with no shoe open: %1. It is not part of any round.</source>
        <translation>Foi lida uma carta sem sapato aberto: %1. Não faz parte de nenhuma rodada.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cut card was read with no shoe open. It is not part of any round.</source>
        <translation>O cartão de corte foi lido sem sapato aberto. Não faz parte de nenhuma rodada.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A misread came from the shoe with no shoe open. It is not part of any round.</source>
        <translation>Chegou uma leitura falhada do sapato sem sapato aberto. Não faz parte de nenhuma rodada.</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+7"/>
        <source>BANKER</source>
        <translation>BANKER</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>JOGADOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>EMPATE</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Player</source>
        <translation>Jogador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker</source>
        <translation>Banker</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tie</source>
        <translation>Empate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Pair</source>
        <translation>Par do Jogador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Pair</source>
        <translation>Par do Banker</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Either Pair</source>
        <translation>Qualquer Par</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Perfect Pair</source>
        <translation>Par Perfeito</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Natural</source>
        <translation>Natural do Jogador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Natural</source>
        <translation>Natural do Banker</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Bonus</source>
        <translation>Bónus do Jogador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Bonus</source>
        <translation>Bónus do Banker</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lucky Six</source>
        <translation>Lucky Six</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2 Cards Lucky Six</source>
        <translation>Lucky Six 2 Cartas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3 Cards Lucky Six</source>
        <translation>Lucky Six 3 Cartas</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+6"/>
        <source>MISREAD LIMIT</source>
        <translation>LIMITE DE LEITURAS FALHADAS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD WHILE BETTING WAS OPEN</source>
        <translation>CARTA COM AS APOSTAS ABERTAS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD AFTER THE ROUND</source>
        <translation>CARTA DEPOIS DA RODADA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD NOT FROM THIS SHOE</source>
        <translation>CARTA QUE NÃO É DESTE SAPATO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD IN THE BURN</source>
        <translation>CARTÃO DE CORTE NA QUEIMA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE DISCONNECTED</source>
        <translation>SAPATO DESLIGADO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JOURNAL FAILURE</source>
        <translation>FALHA DO DIÁRIO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATION ERROR</source>
        <translation>ERRO DA ESTAÇÃO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OUT OF PROCEDURE</source>
        <translation>FORA DO PROCEDIMENTO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE BET FAVOURS THE PLAYER</source>
        <translation>APOSTA LATERAL FAVORECE O JOGADOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLATFORM EVENT DOES NOT MATCH THE JOURNAL</source>
        <translation>EVENTO DA PLATAFORMA NÃO CONFERE COM O DIÁRIO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NOISE ON THE SHOE&apos;S LINE</source>
        <translation>RUÍDO NA LINHA DO SAPATO</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>misreads in a row at %1: the limit was reached</source>
        <translation>leituras falhadas seguidas em %1: o limite foi atingido</translation>
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
        <translation>%1, em %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>an error inside the station stopped the round: call the station&apos;s technician</source>
        <translation>um erro interno da estação parou a rodada: chame o técnico da estação</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+15"/>
        <source>%1 (for the technician: %2)</source>
        <translation>%1 (para o técnico: %2)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>an event for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>um evento para a plataforma de apostas não corresponde ao diário: nem ele nem os eventos seguintes são enviados</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>event %1 for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>o evento %1 para a plataforma de apostas não corresponde ao diário: nem ele nem os eventos seguintes são enviados</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 bytes in %2 frames</source>
        <translation>%1 bytes em %2 tramas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, from %2 to %3 UTC</source>
        <translation>%1, das %2 às %3 UTC</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1; the card is held for the supervisor</source>
        <translation>%1; a carta fica retida para o supervisor</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>card %1</source>
        <translation>carta %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unread card: %1</source>
        <translation>carta não lida: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bytes that are no card: %1</source>
        <translation>bytes que não são carta: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe connected</source>
        <translation>sapato ligado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe link lost</source>
        <translation>ligação do sapato perdida</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>evidence</source>
        <translation>evidência</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>error inside the station</source>
        <translation>erro interno da estação</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Resuming lets the table deal on, but nothing more is sent to the betting platform until the changed event is put back as the journal proves it: call the station&apos;s technician (dealer-station journal verify names the event).</source>
        <translation>Retomar deixa a mesa continuar a distribuir, mas nada mais é enviado à plataforma de apostas até o evento alterado ser reposto como o diário o comprova: chame o técnico da estação (dealer-station journal verify indica o evento).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe&apos;s line sent bytes that are no card. Check the shoe&apos;s cable and plug before resuming. A card read in the noise is held: enter it only if it is the card on the table, otherwise discard it.</source>
        <translation>A linha do sapato enviou bytes que não são nenhuma carta. Verifique o cabo e a ficha do sapato antes de retomar. Uma carta lida no meio do ruído fica retida: introduza-a apenas se for a carta que está na mesa; caso contrário, descarte-a.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>DEALER CALLED THE SUPERVISOR</source>
        <translation>O DEALER CHAMOU O SUPERVISOR</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>scanner misread</source>
        <translation>leitura falhada do scanner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card exposed</source>
        <translation>carta exposta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card dropped</source>
        <translation>carta caída</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dealer error</source>
        <translation>erro do dealer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card in the wrong place</source>
        <translation>carta no lugar errado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device fault</source>
        <translation>avaria do equipamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network fault</source>
        <translation>falha de rede</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>procedure</source>
        <translation>procedimento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>game integrity</source>
        <translation>integridade do jogo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>outro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the dealer called the supervisor</source>
        <translation>o dealer chamou o supervisor</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card not read</source>
        <translation>carta não lida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connection lost</source>
        <translation>ligação perdida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card came out</source>
        <translation>saiu uma carta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>more copies than the shoe holds</source>
        <translation>mais cópias do que o sapato tem</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>too much noise on the shoe&apos;s line</source>
        <translation>demasiado ruído na linha do sapato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card was read inside line noise</source>
        <translation>uma carta foi lida no meio do ruído da linha</translation>
    </message>
    <message>
        <location line="-97"/>
        <location line="+77"/>
        <source>cut card</source>
        <translation>cartão de corte</translation>
    </message>
    <message numerus="yes">
        <location filename="../prompts.py" line="-103"/>
        <source>%n misread(s) in a row at %1</source>
        <translation>
            <numerusform>%n leitura falhada seguida em %1</numerusform>
            <numerusform>%n leituras falhadas seguidas em %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+1"/>
        <source>card before betting opened</source>
        <translation>carta antes de abrir as apostas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card with no shoe open</source>
        <translation>carta sem sapato aberto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unread card with no shoe open</source>
        <translation>carta não lida sem sapato aberto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut card with no shoe open</source>
        <translation>cartão de corte sem sapato aberto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a second cut card</source>
        <translation>um segundo cartão de corte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>damaged read (checksum)</source>
        <translation>leitura danificada (checksum)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown card code</source>
        <translation>código de carta desconhecido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card read cut short</source>
        <translation>leitura da carta interrompida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty read</source>
        <translation>leitura vazia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>garbled read</source>
        <translation>leitura confusa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disk full</source>
        <translation>disco cheio</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>disk read or write error</source>
        <translation>erro de leitura ou escrita no disco</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>journal held by another program</source>
        <translation>diário ocupado por outro programa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal is read-only</source>
        <translation>diário só de leitura</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal cannot be opened</source>
        <translation>o diário não abre</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an event to the platform was refused: the journal does not prove it</source>
        <translation>um evento para a plataforma foi recusado: o diário não o comprova</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+111"/>
        <source>NO SHOE</source>
        <translation>SEM SAPATO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHUFFLE</source>
        <translation>EMBARALHAR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN CARD</source>
        <translation>CARTA DE QUEIMA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>READY</source>
        <translation>PRONTO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURNING</source>
        <translation>A QUEIMAR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BETTING OPEN</source>
        <translation>APOSTAS ABERTAS</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>NO MORE BETS</source>
        <translation>APOSTAS ENCERRADAS</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+69"/>
        <source>DEALING</source>
        <translation>A DISTRIBUIR</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+27"/>
        <source>RESULT</source>
        <translation>RESULTADO</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>PAUSED</source>
        <translation>EM PAUSA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE END</source>
        <translation>FIM DO SAPATO</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>TIE %1 – %2</source>
        <translation>EMPATE %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PLAYER WINS %1 – %2</source>
        <translation>JOGADOR GANHA %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER WINS %1 – %2</source>
        <translation>BANKER GANHA %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ROUND VOIDED</source>
        <translation>RODADA ANULADA</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>RESCAN %1</source>
        <translation>RELER %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEW SHOE</source>
        <translation>NOVO SAPATO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLE AND LOAD THE SHOE</source>
        <translation>EMBARALHE E CARREGUE O SAPATO</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>OPEN BETTING – ROUND %1</source>
        <translation>ABRIR APOSTAS – RODADA %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOW THE BURN CARD</source>
        <translation>MOSTRE A CARTA DE QUEIMA</translation>
    </message>
    <message numerus="yes">
        <location line="-186"/>
        <source>BURN %n MORE CARD(S)</source>
        <translation>
            <numerusform>QUEIME MAIS %n CARTA</numerusform>
            <numerusform>QUEIME MAIS %n CARTAS</numerusform>
        </translation>
    </message>
    <message>
        <location line="+194"/>
        <location filename="../../display/page.py" line="-69"/>
        <source>PLACE YOUR BETS</source>
        <translation>FAÇAM AS SUAS APOSTAS</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEAL %1</source>
        <translation>DISTRIBUA %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ROUND PAUSED – CALL THE SUPERVISOR</source>
        <translation>RODADA EM PAUSA – CHAME O SUPERVISOR</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rescan %1</source>
        <translation>Releia %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Press NEW SHOE to start a shoe</source>
        <translation>Prima NOVO SAPATO para começar um sapato</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED</source>
        <translation>Embaralhe 8 baralhos, coloque o cartão de corte, carregue o sapato e prima EMBARALHADO</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press NO MORE BETS to close betting</source>
        <translation>Prima APOSTAS ENCERRADAS para fechar as apostas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result, then CONFIRM</source>
        <translation>Anuncie o resultado e CONFIRME</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce it, then press OPEN BETTING for round %1</source>
        <translation>Anuncie-o e prima ABRIR APOSTAS para a rodada %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press OPEN BETTING</source>
        <translation>Prima ABRIR APOSTAS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw one card and show it: it sets the burn</source>
        <translation>Tire uma carta e mostre-a: ela define a queima</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Burn the next card face down</source>
        <translation>Queime a próxima carta virada para baixo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deal %1</source>
        <translation>Distribua %1</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+42"/>
        <source>Wait for the supervisor</source>
        <translation>Aguarde o supervisor</translation>
    </message>
    <message numerus="yes">
        <location line="-253"/>
        <source>PLACE YOUR BETS – %n s</source>
        <translation>
            <numerusform>FAÇAM AS SUAS APOSTAS – %n s</numerusform>
            <numerusform>FAÇAM AS SUAS APOSTAS – %n s</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>PLACE YOUR BETS – %n s – LAST SECONDS</source>
        <translation>
            <numerusform>FAÇAM AS SUAS APOSTAS – %n s – ÚLTIMOS SEGUNDOS</numerusform>
            <numerusform>FAÇAM AS SUAS APOSTAS – %n s – ÚLTIMOS SEGUNDOS</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>BURN CARD %1: %n MORE TO BURN</source>
        <translation>
            <numerusform>CARTA DE QUEIMA %1: QUEIME MAIS %n CARTA</numerusform>
            <numerusform>CARTA DE QUEIMA %1: QUEIME MAIS %n CARTAS</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>ROUND %1 VOID – ALL BETS RETURNED</source>
        <translation>RODADA %1 ANULADA – TODAS AS APOSTAS DEVOLVIDAS</translation>
    </message>
    <message>
        <location line="+265"/>
        <source>NATURAL: PLAYER %1, BANKER %2: NO MORE CARDS</source>
        <translation>NATURAL: JOGADOR %1, BANKER %2: SEM MAIS CARTAS</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER DRAWS ON %1</source>
        <translation>JOGADOR COMPRA COM %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BANKER DRAWS (PLAYER STOOD; BANKER %1: DRAWS)</source>
        <translation>BANKER COMPRA (JOGADOR FICOU; BANKER %1: COMPRA)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER DRAWS (BANKER %1, PLAYER&apos;S THIRD CARD %2: DRAWS)</source>
        <translation>BANKER COMPRA (BANKER %1, TERCEIRA CARTA DO JOGADOR %2: COMPRA)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER STANDS ON %1; BANKER STANDS (PLAYER STOOD; BANKER %2: STANDS)</source>
        <translation>JOGADOR FICA COM %1; BANKER FICA (JOGADOR FICOU; BANKER %2: FICA)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER STANDS (BANKER %1, PLAYER&apos;S THIRD CARD %2: STANDS)</source>
        <translation>BANKER FICA (BANKER %1, TERCEIRA CARTA DO JOGADOR %2: FICA)</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>SHOE CHANGE</source>
        <translation>TROCA DE SAPATO</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>LAST ROUND – %1</source>
        <translation>ÚLTIMA RODADA – %1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>SHOE ENDED – CHANGE THE SHOE</source>
        <translation>SAPATO TERMINADO – TROQUE O SAPATO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOE CHANGE – CONFIRM WITH NEW SHOE</source>
        <translation>TROCA DE SAPATO – CONFIRME COM NOVO SAPATO</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Announce %1 and the end of the shoe, then press CHANGE SHOE</source>
        <translation>Anuncie %1 e o fim do sapato, depois prima TROCAR SAPATO</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce the end of the shoe, then press CHANGE SHOE</source>
        <translation>Anuncie o fim do sapato, depois prima TROCAR SAPATO</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take the old cards off the table, load new decks, then press NEW SHOE [F2] to start shoe %1</source>
        <translation>Retire as cartas antigas da mesa, carregue baralhos novos e prima NOVO SAPATO [F2] para começar o sapato %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe; press NO MORE BETS to close betting</source>
        <translation>Anuncie a última rodada do sapato; prima APOSTAS ENCERRADAS para fechar as apostas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result and the end of the shoe, then CONFIRM</source>
        <translation>Anuncie o resultado e o fim do sapato, depois CONFIRME</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe, then press OPEN BETTING</source>
        <translation>Anuncie a última rodada do sapato, depois prima ABRIR APOSTAS</translation>
    </message>
</context>
<context>
    <name>RecallTab</name>
    <message>
        <location filename="../recall_tab.py" line="+60"/>
        <source>SHOE</source>
        <translation>SAPATO</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this shoe</source>
        <translation>este sapato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all shoes</source>
        <translation>todos os sapatos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LOAD ROUNDS</source>
        <translation>CARREGAR RODADAS</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>shoe</source>
        <translation>sapato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>round</source>
        <translation>rodada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status</source>
        <translation>estado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player</source>
        <translation>jogador</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>banker</source>
        <translation>banker</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>result</source>
        <translation>resultado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>incidents</source>
        <translation>incidentes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acts</source>
        <translation>atos</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>completed</source>
        <translation>concluída</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>voided</source>
        <translation>anulada</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 at %2</source>
        <translation>%1 em %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 placed by hand at %2</source>
        <translation>%1 colocada à mão em %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 resumed the round</source>
        <translation>%1 retomou a rodada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 entered a card by hand</source>
        <translation>%1 introduziu uma carta à mão</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 swapped the cards at %2 and %3</source>
        <translation>%1 trocou as cartas em %2 e %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 voided the round</source>
        <translation>%1 anulou a rodada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ended the shoe</source>
        <translation>%1 terminou o sapato</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 acted</source>
        <translation>%1 agiu</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shoe %1, round %2: %3</source>
        <translation>Sapato %1, rodada %2: %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dealt by %1</source>
        <translation>Distribuída por %1</translation>
    </message>
    <message>
        <location filename="../recall_picture.py" line="+54"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Player</source>
        <translation>Jogador</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Banker</source>
        <translation>Banker</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>total %1</source>
        <translation>total %1</translation>
    </message>
    <message>
        <location filename="../recall_tab.py" line="+6"/>
        <source>Result: %1</source>
        <translation>Resultado: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>player natural</source>
        <translation>natural do jogador</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker natural</source>
        <translation>natural do banker</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player pair</source>
        <translation>par do jogador</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker pair</source>
        <translation>par do banker</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also: %1</source>
        <translation>Também: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Entered by hand: %1</source>
        <translation>Introduzidas à mão: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Voided because: %1</source>
        <translation>Anulada porque: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Incidents:</source>
        <translation>Incidentes:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Acts:</source>
        <translation>Atos:</translation>
    </message>
</context>
<context>
    <name>RefusalWords</name>
    <message>
        <location filename="../refusal_words.py" line="+17"/>
        <source>the station could not do it; nothing changed at the table. Call the technician if it happens again</source>
        <translation>a estação não o conseguiu fazer; nada mudou na mesa. Chame o técnico se voltar a acontecer</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the table is paused: the supervisor resolves the incident first, then the dealer changes</source>
        <translation>a mesa está em pausa: o supervisor resolve primeiro o incidente, depois o dealer muda</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a round is open: the dealer changes between rounds</source>
        <translation>há uma rodada aberta: o dealer muda entre rodadas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no dealer is signed in</source>
        <translation>nenhum dealer entrou</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this dealer is already signed in</source>
        <translation>este dealer já entrou</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed now</source>
        <translation>não permitido agora</translation>
    </message>
</context>
<context>
    <name>ReplayPanel</name>
    <message>
        <location filename="../replay_panel.py" line="+70"/>
        <location line="+38"/>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Step</source>
        <translation>Passo</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>REPLAY</source>
        <translation>REPRODUÇÃO</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed</source>
        <translation>Velocidade</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Play</source>
        <translation>Reproduzir</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>replay finished</source>
        <translation>reprodução terminada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replay playing</source>
        <translation>reprodução a decorrer</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>replay paused</source>
        <translation>reprodução em pausa</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Play / pause the replay [F7]</source>
        <translation>Reproduzir / pausar a reprodução [F7]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play the next recorded step [F8]</source>
        <translation>Reproduzir o passo gravado seguinte [F8]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay</source>
        <translation>Reprodução</translation>
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
        <translation>E</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Bead plate</source>
        <translation>Placa de contas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Big road</source>
        <translation>Estrada grande</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Big eye boy</source>
        <translation>Olho grande</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Small road</source>
        <translation>Estrada pequena</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cockroach pig</source>
        <translation>Barata</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Ask</source>
        <translation>Prever</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds</source>
        <translation>Rodadas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Banker</source>
        <translation>Banker</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player</source>
        <translation>Jogador</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tie</source>
        <translation>Empate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B pair</source>
        <translation>Par B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>P pair</source>
        <translation>Par J</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Naturals</source>
        <translation>Naturais</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>red</source>
        <translation>vermelho</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>blue</source>
        <translation>azul</translation>
    </message>
</context>
<context>
    <name>SignInScreen</name>
    <message>
        <location filename="../sign_in.py" line="-215"/>
        <source>DEALER SIGN-IN</source>
        <translation>ENTRADA DO DEALER</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Type your dealer id and PIN, or scan your dealer badge.</source>
        <translation>Escreva o seu ID de dealer e o PIN, ou passe o seu cartão de dealer.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dealer id</source>
        <translation>ID do dealer</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>SIGN IN</source>
        <translation>ENTRAR</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SIGN OUT</source>
        <translation>SAIR</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>ECRÃ DO DEALER</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CREATE THE FIRST ACCOUNTS</source>
        <translation>CRIAR AS PRIMEIRAS CONTAS</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Badge of %1 read: enter the PIN</source>
        <translation>Cartão de %1 lido: introduza o PIN</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type the dealer id and the PIN</source>
        <translation>Escreva o ID do dealer e o PIN</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>REFUSED: %1</source>
        <translation>RECUSADO: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nobody is signed in: betting cannot open until a dealer signs in.</source>
        <translation>Ninguém iniciou sessão: as apostas não podem abrir até um dealer iniciar sessão.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Demo dealer signed in</source>
        <translation>Dealer de demonstração com sessão iniciada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signed in: %1</source>
        <translation>Sessão iniciada: %1</translation>
    </message>
</context>
<context>
    <name>Station</name>
    <message>
        <location filename="../app.py" line="+211"/>
        <source>Demo dealer — no accounts yet: create them with dealer-station users add</source>
        <translation>Dealer de demonstração — ainda sem contas: crie-as com dealer-station users add</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No accounts yet: betting cannot open until a dealer signs in. Add a dealer with &apos;dealer-station users add NAME --role dealer&apos; (and a supervisor with --role supervisor), then sign in here.</source>
        <translation>Ainda sem contas: as apostas não podem abrir até um dealer iniciar sessão. Adicione um dealer com &apos;dealer-station users add NAME --role dealer&apos; (e um supervisor com --role supervisor) e depois inicie sessão aqui.</translation>
    </message>
</context>
<context>
    <name>StatsBox</name>
    <message>
        <location filename="../dealer_panels.py" line="+88"/>
        <source>BANKER</source>
        <translation>BANKER</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>JOGADOR</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>EMPATE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUNDS</source>
        <translation>RODADAS</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Player pairs %1   Banker pairs %2   Naturals %3</source>
        <translation>Pares do Jogador %1   Pares do Banker %2   Naturais %3</translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message>
        <location filename="../supervisor_screen.py" line="+170"/>
        <source>SUPERVISOR</source>
        <translation>SUPERVISOR</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>user</source>
        <translation>utilizador</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>LOG IN</source>
        <translation>ENTRAR</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LOG OUT</source>
        <translation>SAIR</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>ECRÃ DO DEALER</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>INCIDENT &amp;&amp; ACTS</source>
        <translation>INCIDENTE &amp;&amp; ATOS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE-BET EDGE</source>
        <translation>VANTAGEM NAS APOSTAS LATERAIS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUND RECALL</source>
        <translation>HISTÓRICO DE RODADAS</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Type the user and the PIN</source>
        <translation>Escreva o utilizador e o PIN</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>REFUSED: %1</source>
        <translation>RECUSADO: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+189"/>
        <source>wrong PIN</source>
        <translation>PIN errado</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>REFUSED: wrong user or PIN</source>
        <translation>RECUSADO: utilizador ou PIN errado</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Session of %1 ended: the supervisor screen was left. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou: saiu-se do ecrã do supervisor. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended after %2 seconds without a touch. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou após %2 segundos sem um toque. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended: the incident it was opened for is over. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou: o incidente para que foi aberta acabou. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session of %1 ended: there is another incident on the table now. Type the PIN again to act.</source>
        <translation>A sessão de %1 terminou: há agora outro incidente na mesa. Introduza o PIN de novo para agir.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>logged in: %1</source>
        <translation>sessão iniciada: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not logged in</source>
        <translation>sem sessão</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Still needed: %1</source>
        <translation>Ainda falta: %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>REFUSED – not authorised: %1</source>
        <translation>RECUSADO – sem autorização: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the table changed before the act arrived: look at the incident again</source>
        <translation>a mesa mudou antes de o ato chegar: veja o incidente de novo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REFUSED – not allowed now: %1</source>
        <translation>RECUSADO – não permitido agora: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ERROR: %1</source>
        <translation>ERRO: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>DONE: %1</source>
        <translation>FEITO: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-143"/>
        <source>Session of %1 ends in %n s without a touch: touch the screen to stay logged in.</source>
        <translation>
            <numerusform>A sessão de %1 termina em %n s sem um toque: toque no ecrã para a manter.</numerusform>
            <numerusform>A sessão de %1 termina em %n s sem um toque: toque no ecrã para a manter.</numerusform>
        </translation>
    </message>
</context>
</TS>
