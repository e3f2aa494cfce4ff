<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar_EG">
<context>
    <name>ActPanel</name>
    <message>
        <location filename="../act_panel.py" line="+66"/>
        <source>ACT</source>
        <translation>الإجراء</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>RESUME</source>
        <translation>استئناف</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ENTER CARD</source>
        <translation>أدخل بطاقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MOVE CARD</source>
        <translation>انقل بطاقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VOID ROUND</source>
        <translation>ألغِ الجولة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>END SHOE</source>
        <translation>أنهِ الحذاء</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>card, e.g. QD or 10H</source>
        <translation>بطاقة، مثل QD أو 10H</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>DISCARD THE HELD CARDS</source>
        <translation>تجاهل البطاقات المحجوزة</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>— choose a reason code —</source>
        <translation>— اختر السبب —</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>note (required): what happened, who was called</source>
        <translation>ملاحظة (مطلوبة): ماذا حدث، ومن استُدعي</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CARD</source>
        <translation>البطاقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FROM</source>
        <translation>من</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TO</source>
        <translation>إلى</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>REASON</source>
        <translation>السبب</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NOTE</source>
        <translation>ملاحظة</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>WHAT WILL HAPPEN</source>
        <translation>ماذا سيحدث</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CONFIRM ACT</source>
        <translation>أكّد الإجراء</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Choose an act.</source>
        <translation>اختر إجراءً.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The table is not paused: there is nothing to resolve, and the controller will refuse.</source>
        <translation>الطاولة غير متوقفة: لا شيء لحله، وسيرفض المتحكم.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shoe is still disconnected: reconnect it first (the controller refuses to resume).</source>
        <translation>الحذاء ما زال غير متصل: أعد توصيله أولًا (يرفض المتحكم الاستئناف).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.</source>
        <translation>لا توجد جولة مفتوحة (توقفت من %1): لا شيء لإلغائه. استخدم استئناف أو أنهِ الحذاء.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. RESUME is refused until it is dealt with: ENTER CARD %1 to place it, or tick DISCARD THE HELD CARDS to discard it.</source>
        <translation>قرأ الحذاء %1 أثناء التوقف؛ البطاقة محجوزة. يُرفض الاستئناف حتى تُعالج: أدخل بطاقة %1 لوضعها، أو حدّد تجاهل البطاقات المحجوزة لتجاهلها.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe read %1 while paused; the card is held. Enter %1, or RESUME with DISCARD THE HELD CARDS ticked to discard it first.</source>
        <translation>قرأ الحذاء %1 أثناء التوقف؛ البطاقة محجوزة. أدخل %1، أو استأنف مع تحديد تجاهل البطاقات المحجوزة لتجاهلها أولًا.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The journal cannot be written: only RESUME is taken until it can.</source>
        <translation>لا يمكن الكتابة في السجل: لا يُقبل إلا استئناف حتى يصبح ذلك ممكنًا.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No card is expected now (paused from %1): ENTER CARD is refused.</source>
        <translation>لا يُنتظر أي بطاقة الآن (توقفت من %1): يُرفض أدخل بطاقة.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The round&apos;s cards are all out: no card is due. Use RESUME.</source>
        <translation>خرجت كل بطاقات الجولة: لا بطاقة مستحقة. استخدم استئناف.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cut card came out before this round&apos;s first card: no more rounds are dealt. Use RESUME, VOID ROUND or END SHOE.</source>
        <translation>خرجت بطاقة القطع قبل أول بطاقة في هذه الجولة: لا تُوزّع جولات أخرى. استخدم استئناف أو ألغِ الجولة أو أنهِ الحذاء.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not in the shoe any more (all its copies are out): ENTER CARD is refused.</source>
        <translation>%1 لم تعد في الحذاء (خرجت كل نسخها): يُرفض أدخل بطاقة.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move %1 would not be due by the third-card rules: MOVE CARD is refused. Void the round instead.</source>
        <translation>بعد هذا النقل لن يكون %1 مستحقًا بقواعد البطاقة الثالثة: يُرفض انقل بطاقة. ألغِ الجولة بدلًا من ذلك.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After this move the round would need more cards: MOVE CARD is refused.</source>
        <translation>بعد هذا النقل ستحتاج الجولة إلى بطاقات أخرى: يُرفض انقل بطاقة.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 and %2 must be two different cards already dealt in this round: MOVE CARD is refused.</source>
        <translation>يجب أن يكون %1 و%2 بطاقتين مختلفتين وُزّعتا في هذه الجولة: يُرفض انقل بطاقة.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The journal is written again first (RESUME is refused while it still fails); then the table goes on where it stopped.</source>
        <translation>يُكتب السجل أولًا من جديد (يُرفض الاستئناف ما دام يفشل)؛ ثم تستمر الطاولة من حيث توقفت.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shoe events held during the failure (%1) are then journaled and acted on, in order, as if read now.</source>
        <translation>ثم تُسجَّل أحداث الحذاء المحجوزة أثناء العطل (%1) ويُعمل بها بالترتيب، كأنها قُرئت الآن.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The burn of shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>يستأنف حرق الأوراق في الحذاء %1 من حيث توقف (%2)؛ ويبدأ عدّ القراءات الخاطئة من جديد. لا تتغير أي ورقة.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.</source>
        <translation>يستأنف الحذاء %1 من حيث توقف (%2)؛ ويبدأ عدّ القراءات الخاطئة من جديد. لا تتغير أي ورقة.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The held cards %1 are DISCARDED (recorded).</source>
        <translation>الأوراق المحتجزة %1 تُستبعد (مسجّل).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The held cards %1 are DISCARDED (recorded). Round %2 of shoe %3 resumes where it stopped (%4); the misread count restarts.</source>
        <translation>البطاقات المحجوزة %1 تُتجاهل (مسجّل). تُستأنف الجولة %2 من الحذاء %3 من حيث توقفت (%4)؛ يبدأ عدّ القراءات الخاطئة من جديد.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes.</source>
        <translation>تُستأنف الجولة %1 من الحذاء %2 من حيث توقفت (%3)؛ يبدأ عدّ القراءات الخاطئة من جديد. لا تتغير أي بطاقة.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(type a valid card)</source>
        <translation>(اكتب بطاقة صحيحة)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the third-card rules.</source>
        <translation>توضع البطاقة %1‎ في %2 من الجولة %3 وتُسجَّل يدويًا؛ تستمر الجولة وفق قواعد البطاقة الثالثة.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the position due</source>
        <translation>الموضع المستحق</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cards at %1 and %2 change places; totals and who draws are worked out again.</source>
        <translation>تتبادل البطاقتان في %1 و%2 مكانيهما؛ ويُعاد حساب المجاميع ومن يسحب.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. The next round is round %3.</source>
        <translation>تُلغى الجولة %1 من الحذاء %2: تُعاد كل رهاناتها. تُتجاهل بطاقاتها. الجولة التالية هي الجولة %3.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer is asked for a new shoe (shuffle and burn).</source>
        <translation>ينتهي الحذاء %1 الآن بعد الجولة %2: تُلغى الجولة الجارية وتُعاد رهاناتها؛ ويُطلب من الموزع حذاء جديد (خلط وحرق).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>log in</source>
        <translation>تسجيل الدخول</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>choose an act</source>
        <translation>اختيار إجراء</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a reason code</source>
        <translation>سبب</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note</source>
        <translation>ملاحظة</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a note in plain text (no control characters)</source>
        <translation>ملاحظة بنص عادي (بلا رموز تحكم)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a valid card</source>
        <translation>بطاقة صحيحة</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>two different positions</source>
        <translation>موضعان مختلفان</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Still needed: %1</source>
        <translation>ما زال مطلوبًا: %1</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>an incident to act on</source>
        <translation>حادثة للتصرف فيها</translation>
    </message>
</context>
<context>
    <name>CardFace</name>
    <message>
        <location filename="../cards.py" line="+79"/>
        <location line="+58"/>
        <source>MANUAL</source>
        <translation>يدوي</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>RESCAN</source>
        <translation>أعد المسح</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEXT</source>
        <translation>التالية</translation>
    </message>
</context>
<context>
    <name>DealerScreen</name>
    <message>
        <location filename="../dealer_panels.py" line="+98"/>
        <source>TOTAL</source>
        <translation>المجموع</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>WINS</source>
        <translation>يفوز</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TIE</source>
        <translation>ربط</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+49"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>TABLE</source>
        <translation>الطاولة</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>SHOE</source>
        <translation>الحذاء</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../display/page.py" line="+2"/>
        <source>ROUND</source>
        <translation>الجولة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARDS LEFT</source>
        <translation>البطاقات المتبقية</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN</source>
        <translation>الحرق</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD</source>
        <translation>البطاقة المقطوعة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE LINK</source>
        <translation>اتصال الحذاء</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LAST ROUND</source>
        <translation>الجولة الأخيرة</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+206"/>
        <source>PLAYER</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>ROADS</source>
        <translation>الطرق</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Roads are not available in this build</source>
        <translation>الطرق غير متاحة في هذا الإصدار</translation>
    </message>
    <message>
        <location line="+18"/>
        <location filename="../../display/page.py" line="+94"/>
        <source>BETS OFFERED THIS ROUND</source>
        <translation>الرهانات المتاحة في هذه الجولة</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>NEW SHOE</source>
        <translation>حذاء جديد</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLED</source>
        <translation>تم الخلط</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEN BETTING</source>
        <translation>افتح الرهان</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NO MORE BETS</source>
        <translation>لا مزيد من الرهانات</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CONFIRM RESULT</source>
        <translation>أكّد النتيجة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DRAW CARD</source>
        <translation>اسحب بطاقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CALL SUPERVISOR</source>
        <translation>استدعِ المشرف</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+234"/>
        <source>NEXT</source>
        <translation>التالي</translation>
    </message>
    <message>
        <location line="-234"/>
        <source>SPACE / ENTER</source>
        <translation>مسافة / إدخال</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>NO DEALER  [F6]</source>
        <translation>لا يوجد موزع  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEMO DEALER  [F6]</source>
        <translation>موزع تجريبي  [F6]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DEALER %1  [F6]</source>
        <translation>الموزع %1  [F6]</translation>
    </message>
    <message>
        <location filename="../status_bar.py" line="+29"/>
        <source>SHOW CARD</source>
        <translation>اكشف البطاقة</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 TO BURN</source>
        <translation>%1 للحرق</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE %1</source>
        <translation>تم %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OUT</source>
        <translation>خرجت</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>IN SHOE</source>
        <translation>في الحذاء</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="-88"/>
        <source>ONLINE</source>
        <translation>متصل</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../display/page.py" line="+0"/>
        <source>OFFLINE</source>
        <translation>غير متصل</translation>
    </message>
    <message>
        <location filename="../dealer_screen.py" line="+88"/>
        <source>none</source>
        <translation>لا شيء</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>MISREAD – RESCAN %1</source>
        <translation>قراءة خاطئة – أعد مسح %1</translation>
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
        <translation>حادثة</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 AT %2</source>
        <translation>%1 عند %2</translation>
    </message>
    <message>
        <location line="-216"/>
        <source>NO SOUND</source>
        <translation>بلا صوت</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>CHANGE SHOE</source>
        <translation>تغيير الحذاء</translation>
    </message>
</context>
<context>
    <name>Display</name>
    <message>
        <location filename="../../display/page.py" line="-30"/>
        <source>no limit</source>
        <translation>بلا حد</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Waiting for the table</source>
        <translation>في انتظار الطاولة</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Getting the shoe so far from the table: %1 of %2 events</source>
        <translation>جارٍ جلب الحذاء حتى الآن من الطاولة: %1 من %2 حدثًا</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>COMMISSION</source>
        <translation>بعمولة</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NO COMMISSION</source>
        <translation>بدون عمولة</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MIN</source>
        <translation>الأدنى</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MAX</source>
        <translation>الأقصى</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Player–Banker difference at most %1</source>
        <translation>الفرق بين اللاعب والبنكر %1 على الأكثر</translation>
    </message>
</context>
<context>
    <name>EdgeTab</name>
    <message>
        <location filename="../edge_tab.py" line="+33"/>
        <source>SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT</source>
        <translation>رهانات جانبية لصالح اللاعب بالبطاقات المتبقية</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+26"/>
        <source>No alert in this shoe</source>
        <translation>لا تنبيه في هذا الحذاء</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>time</source>
        <translation>الوقت</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bet</source>
        <translation>الرهان</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>player EV per unit</source>
        <translation>القيمة المتوقعة للاعب لكل وحدة</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cards left</source>
        <translation>البطاقات المتبقية</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>round</source>
        <translation>الجولة</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 favours the player now (EV %2)</source>
        <translation>%1 لصالح اللاعب الآن (EV %2)</translation>
    </message>
</context>
<context>
    <name>FirstAccountsDialog</name>
    <message>
        <location filename="../sign_in.py" line="+336"/>
        <source>The first accounts</source>
        <translation>الحسابات الأولى</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a dealer and a supervisor (PIN: 4 to 12 digits). Later accounts are added with dealer-station users add.</source>
        <translation>أضف موزعًا ومشرفًا (الرمز: من 4 إلى 12 رقمًا). تُضاف الحسابات اللاحقة بالأمر dealer-station users add.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>name</source>
        <translation>الاسم</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dealer</source>
        <translation>موزع</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>supervisor</source>
        <translation>مشرف</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PIN</source>
        <translation>الرمز</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PIN again</source>
        <translation>أعد الرمز</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ADD</source>
        <translation>أضف</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>DONE</source>
        <translation>تم</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The two PINs differ</source>
        <translation>الرمزان مختلفان</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Added %1 (%2)</source>
        <translation>أُضيف %1 (%2)</translation>
    </message>
</context>
<context>
    <name>IncidentPanel</name>
    <message>
        <location filename="../incident_panel.py" line="+56"/>
        <source>INCIDENT</source>
        <translation>حادثة</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>No incident: the round is not paused</source>
        <translation>لا توجد حادثة: الجولة غير متوقفة</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>WHEN</source>
        <translation>متى</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POSITION</source>
        <translation>الموضع</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REASON</source>
        <translation>السبب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATE BEFORE</source>
        <translation>الحالة السابقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DETAIL</source>
        <translation>التفاصيل</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE / ROUND</source>
        <translation>الحذاء / الجولة</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>THE ROUND</source>
        <translation>الجولة</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PLAYER</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>BANKER</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>EVIDENCE AND LAST RAW FRAMES FROM THE SHOE</source>
        <translation>الدليل وآخر الإطارات الخام من الحذاء</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time</source>
        <translation>الوقت</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>frame</source>
        <translation>الإطار</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>hex</source>
        <translation>ست عشري</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>text</source>
        <translation>النص</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>total %1</source>
        <translation>المجموع %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card missing: %1</source>
        <translation>الورقة الناقصة: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No card is being dealt</source>
        <translation>لا تُوزَّع أي ورقة الآن</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>incident</source>
        <translation>حادثة</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>evidence</source>
        <translation>دليل</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main_window.py" line="+145"/>
        <source>Dealer Station – Punto Banco</source>
        <translation>محطة الموزع – بونتو بانكو</translation>
    </message>
    <message>
        <location line="+183"/>
        <source>Accounts added: sign in with one</source>
        <translation>أُضيفت الحسابات: سجّل الدخول بأحدها</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Signed out: the next dealer signs in</source>
        <translation>تم تسجيل الخروج: يسجّل الموزع التالي الدخول</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>called from the dealer console</source>
        <translation>استُدعي من شاشة الموزع</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../prompts.py" line="+140"/>
        <source>PLAYER CARD %1</source>
        <translation>بطاقة اللاعب %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BANKER CARD %1</source>
        <translation>بطاقة البنكر %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>THE BURN CARD</source>
        <translation>بطاقة الحرق</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>THE CARD</source>
        <translation>البطاقة</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+38"/>
        <source>A card was read with no shoe open: %1. It is not part of any round.</source>
        <translation>قُرئت بطاقة بلا حذاء مفتوح: %1‎. ليست جزءًا من أي جولة.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The cut card was read with no shoe open. It is not part of any round.</source>
        <translation>قُرئت البطاقة المقطوعة بلا حذاء مفتوح. ليست جزءًا من أي جولة.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A misread came from the shoe with no shoe open. It is not part of any round.</source>
        <translation>وصلت قراءة خاطئة من الحذاء بلا حذاء مفتوح. ليست جزءًا من أي جولة.</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+7"/>
        <source>BANKER</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>ربط</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Player</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tie</source>
        <translation>ربط</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Pair</source>
        <translation>اللاعب زوج</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Pair</source>
        <translation>بنكر زوج</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Either Pair</source>
        <translation>أي زوج</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Perfect Pair</source>
        <translation>زوج مثالي</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Natural</source>
        <translation>اللاعب الطبيعي</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Natural</source>
        <translation>بنكر الطبيعي</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player Bonus</source>
        <translation>Player Bonus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Banker Bonus</source>
        <translation>Banker Bonus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lucky Six</source>
        <translation>الحظ السادس</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2 Cards Lucky Six</source>
        <translation>ورقتان الحظ السادس</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3 Cards Lucky Six</source>
        <translation>ثلاث ورقات الحظ السادس</translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+6"/>
        <source>MISREAD LIMIT</source>
        <translation>حد القراءات الخاطئة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD WHILE BETTING WAS OPEN</source>
        <translation>بطاقة أثناء فتح الرهان</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD AFTER THE ROUND</source>
        <translation>بطاقة بعد انتهاء الجولة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CARD NOT FROM THIS SHOE</source>
        <translation>بطاقة ليست من هذا الحذاء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUT CARD IN THE BURN</source>
        <translation>البطاقة المقطوعة أثناء الحرق</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE DISCONNECTED</source>
        <translation>انقطع اتصال الحذاء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JOURNAL FAILURE</source>
        <translation>تعذّر الكتابة في السجل</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STATION ERROR</source>
        <translation>خطأ في المحطة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OUT OF PROCEDURE</source>
        <translation>خارج الإجراء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE BET FAVOURS THE PLAYER</source>
        <translation>رهان جانبي لصالح اللاعب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLATFORM EVENT DOES NOT MATCH THE JOURNAL</source>
        <translation>حدث المنصة لا يطابق السجل</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NOISE ON THE SHOE&apos;S LINE</source>
        <translation>تشويش على خط الحذاء</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>misreads in a row at %1: the limit was reached</source>
        <translation>قراءات خاطئة متتالية عند %1: تم بلوغ الحد</translation>
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
        <translation>%1، عند %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>an error inside the station stopped the round: call the station&apos;s technician</source>
        <translation>أوقف خطأ داخلي في المحطة الجولة: اتصل بفني المحطة</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+15"/>
        <source>%1 (for the technician: %2)</source>
        <translation>%1 (للفني: %2)</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>an event for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>حدث موجّه إلى منصة الرهان لا يطابق السجل: لا يُرسل هو ولا الأحداث التي تليه</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>event %1 for the betting platform does not match the journal: it and the events after it are not sent</source>
        <translation>الحدث %1 الموجّه إلى منصة الرهان لا يطابق السجل: لا يُرسل هو ولا الأحداث التي تليه</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 bytes in %2 frames</source>
        <translation>بايتات: %1، إطارات: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, from %2 to %3 UTC</source>
        <translation>%1، من %2 إلى %3 (UTC)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1; the card is held for the supervisor</source>
        <translation>%1؛ البطاقة محتجزة للمشرف</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>card %1</source>
        <translation>بطاقة %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unread card: %1</source>
        <translation>بطاقة لم تُقرأ: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bytes that are no card: %1</source>
        <translation>بايتات ليست بطاقة: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe connected</source>
        <translation>الحذاء متصل</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>shoe link lost</source>
        <translation>انقطع اتصال الحذاء</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>evidence</source>
        <translation>دليل</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>error inside the station</source>
        <translation>خطأ داخلي في المحطة</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Resuming lets the table deal on, but nothing more is sent to the betting platform until the changed event is put back as the journal proves it: call the station&apos;s technician (dealer-station journal verify names the event).</source>
        <translation>الاستئناف يتيح للطاولة مواصلة التوزيع، لكن لا يُرسل شيء آخر إلى منصة الرهان حتى يُعاد الحدث المعدَّل كما يثبته السجل: اتصل بفني المحطة (الأمر dealer-station journal verify يسمّي الحدث).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The shoe&apos;s line sent bytes that are no card. Check the shoe&apos;s cable and plug before resuming. A card read in the noise is held: enter it only if it is the card on the table, otherwise discard it.</source>
        <translation>أرسل خط الحذاء بايتات ليست بطاقات. افحص كابل الحذاء وقابسه قبل الاستئناف. البطاقة المقروءة وسط التشويش محتجزة: أدخلها فقط إذا كانت هي البطاقة الموجودة على الطاولة، وإلا فتخلَّص منها.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>DEALER CALLED THE SUPERVISOR</source>
        <translation>الموزّع استدعى المشرف</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>scanner misread</source>
        <translation>قراءة خاطئة من الماسح</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card exposed</source>
        <translation>بطاقة مكشوفة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card dropped</source>
        <translation>سقوط بطاقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dealer error</source>
        <translation>خطأ الموزع</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card in the wrong place</source>
        <translation>بطاقة في غير مكانها</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>device fault</source>
        <translation>عطل في الجهاز</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network fault</source>
        <translation>عطل في الشبكة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>procedure</source>
        <translation>الإجراء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>game integrity</source>
        <translation>نزاهة اللعبة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>أخرى</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the dealer called the supervisor</source>
        <translation>الموزع استدعى المشرف</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card not read</source>
        <translation>لم تُقرأ البطاقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>connection lost</source>
        <translation>انقطع الاتصال</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card came out</source>
        <translation>خرجت بطاقة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>more copies than the shoe holds</source>
        <translation>نسخ أكثر مما في الحذاء</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>too much noise on the shoe&apos;s line</source>
        <translation>تشويش زائد على خط الحذاء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a card was read inside line noise</source>
        <translation>قُرئت بطاقة وسط تشويش الخط</translation>
    </message>
    <message>
        <location line="-97"/>
        <location line="+77"/>
        <source>cut card</source>
        <translation>البطاقة المقطوعة</translation>
    </message>
    <message numerus="yes">
        <location filename="../prompts.py" line="-103"/>
        <source>%n misread(s) in a row at %1</source>
        <translation>
            <numerusform>%n قراءة خاطئة متتالية عند %1</numerusform>
            <numerusform>قراءة خاطئة واحدة عند %1</numerusform>
            <numerusform>قراءتان خاطئتان متتاليتان عند %1</numerusform>
            <numerusform>%n قراءات خاطئة متتالية عند %1</numerusform>
            <numerusform>%n قراءة خاطئة متتالية عند %1</numerusform>
            <numerusform>%n قراءة خاطئة متتالية عند %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../incident_prompts.py" line="+1"/>
        <source>card before betting opened</source>
        <translation>بطاقة قبل فتح الرهان</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card with no shoe open</source>
        <translation>بطاقة بلا حذاء مفتوح</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unread card with no shoe open</source>
        <translation>بطاقة غير مقروءة بلا حذاء مفتوح</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut card with no shoe open</source>
        <translation>البطاقة المقطوعة بلا حذاء مفتوح</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a second cut card</source>
        <translation>بطاقة مقطوعة ثانية</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>damaged read (checksum)</source>
        <translation>قراءة تالفة (المجموع الاختباري)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown card code</source>
        <translation>رمز بطاقة غير معروف</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>card read cut short</source>
        <translation>قراءة البطاقة لم تكتمل</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty read</source>
        <translation>قراءة فارغة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>garbled read</source>
        <translation>قراءة مشوشة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>disk full</source>
        <translation>القرص ممتلئ</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>disk read or write error</source>
        <translation>خطأ في القراءة أو الكتابة على القرص</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>journal held by another program</source>
        <translation>السجل محجوز لدى برنامج آخر</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal is read-only</source>
        <translation>السجل للقراءة فقط</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>journal cannot be opened</source>
        <translation>تعذّر فتح السجل</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an event to the platform was refused: the journal does not prove it</source>
        <translation>رُفض حدث موجّه إلى المنصة: السجل لا يثبته</translation>
    </message>
    <message>
        <location filename="../prompts.py" line="+111"/>
        <source>NO SHOE</source>
        <translation>لا يوجد حذاء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHUFFLE</source>
        <translation>الخلط</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURN CARD</source>
        <translation>بطاقة الحرق</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>READY</source>
        <translation>جاهز</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BURNING</source>
        <translation>الحرق جارٍ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BETTING OPEN</source>
        <translation>الرهان مفتوح</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>NO MORE BETS</source>
        <translation>لا مزيد من الرهانات</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+69"/>
        <source>DEALING</source>
        <translation>التوزيع</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+27"/>
        <source>RESULT</source>
        <translation>النتيجة</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>PAUSED</source>
        <translation>متوقفة مؤقتًا</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHOE END</source>
        <translation>نهاية الحذاء</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>TIE %1 – %2</source>
        <translation>ربط %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PLAYER WINS %1 – %2</source>
        <translation>اللاعب يفوز %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER WINS %1 – %2</source>
        <translation>البنكر يفوز %1 – %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ROUND VOIDED</source>
        <translation>أُلغيت الجولة</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>RESCAN %1</source>
        <translation>أعد مسح %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NEW SHOE</source>
        <translation>حذاء جديد</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHUFFLE AND LOAD THE SHOE</source>
        <translation>اخلط البطاقات وحمّل الحذاء</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>OPEN BETTING – ROUND %1</source>
        <translation>افتح الرهان – الجولة %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOW THE BURN CARD</source>
        <translation>اكشف بطاقة الحرق</translation>
    </message>
    <message numerus="yes">
        <location line="-186"/>
        <source>BURN %n MORE CARD(S)</source>
        <translation>
            <numerusform>احرق %n بطاقة أخرى</numerusform>
            <numerusform>احرق بطاقة واحدة أخرى</numerusform>
            <numerusform>احرق بطاقتين أخريين</numerusform>
            <numerusform>احرق %n بطاقات أخرى</numerusform>
            <numerusform>احرق %n بطاقة أخرى</numerusform>
            <numerusform>احرق %n بطاقة أخرى</numerusform>
        </translation>
    </message>
    <message>
        <location line="+194"/>
        <location filename="../../display/page.py" line="-69"/>
        <source>PLACE YOUR BETS</source>
        <translation>ضعوا رهاناتكم</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEAL %1</source>
        <translation>وزّع %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ROUND PAUSED – CALL THE SUPERVISOR</source>
        <translation>الجولة متوقفة – استدعِ المشرف</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rescan %1</source>
        <translation>أعد مسح %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Press NEW SHOE to start a shoe</source>
        <translation>اضغط حذاء جديد لبدء حذاء</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED</source>
        <translation>اخلط 8 مجموعات، ضع البطاقة المقطوعة، حمّل الحذاء، ثم اضغط تم الخلط</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press NO MORE BETS to close betting</source>
        <translation>اضغط لا مزيد من الرهانات لإغلاق الرهان</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result, then CONFIRM</source>
        <translation>أعلن النتيجة، ثم أكّد</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce it, then press OPEN BETTING for round %1</source>
        <translation>أعلن ذلك، ثم اضغط افتح الرهان للجولة %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Press OPEN BETTING</source>
        <translation>اضغط افتح الرهان</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw one card and show it: it sets the burn</source>
        <translation>اسحب بطاقة واكشفها: تحدد عدد بطاقات الحرق</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Burn the next card face down</source>
        <translation>احرق البطاقة التالية مقلوبة</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Deal %1</source>
        <translation>وزّع %1</translation>
    </message>
    <message>
        <location line="-40"/>
        <location line="+42"/>
        <source>Wait for the supervisor</source>
        <translation>انتظر المشرف</translation>
    </message>
    <message numerus="yes">
        <location line="-253"/>
        <source>PLACE YOUR BETS – %n s</source>
        <translation>
            <numerusform>ضعوا رهاناتكم – %n ث</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>PLACE YOUR BETS – %n s – LAST SECONDS</source>
        <translation>
            <numerusform>ضعوا رهاناتكم – %n ث – الثواني الأخيرة</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث – الثواني الأخيرة</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث – الثواني الأخيرة</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث – الثواني الأخيرة</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث – الثواني الأخيرة</numerusform>
            <numerusform>ضعوا رهاناتكم – %n ث – الثواني الأخيرة</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>BURN CARD %1: %n MORE TO BURN</source>
        <translation>
            <numerusform>بطاقة الحرق %1: احرق %n بطاقة أخرى</numerusform>
            <numerusform>بطاقة الحرق %1: احرق بطاقة واحدة أخرى (%n)</numerusform>
            <numerusform>بطاقة الحرق %1: احرق بطاقتين أخريين (%n)</numerusform>
            <numerusform>بطاقة الحرق %1: احرق %n بطاقات أخرى</numerusform>
            <numerusform>بطاقة الحرق %1: احرق %n بطاقة أخرى</numerusform>
            <numerusform>بطاقة الحرق %1: احرق %n بطاقة أخرى</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>ROUND %1 VOID – ALL BETS RETURNED</source>
        <translation>الجولة %1 ملغاة – أُعيدت كل الرهانات</translation>
    </message>
    <message>
        <location line="+265"/>
        <source>NATURAL: PLAYER %1, BANKER %2: NO MORE CARDS</source>
        <translation>طبيعية: اللاعب %1، البنكر %2: لا بطاقات إضافية</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER DRAWS ON %1</source>
        <translation>اللاعب يسحب على %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>BANKER DRAWS (PLAYER STOOD; BANKER %1: DRAWS)</source>
        <translation>البنكر يسحب (اللاعب وقف؛ البنكر %1: يسحب)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER DRAWS (BANKER %1, PLAYER&apos;S THIRD CARD %2: DRAWS)</source>
        <translation>البنكر يسحب (البنكر %1، البطاقة الثالثة للاعب %2: يسحب)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PLAYER STANDS ON %1; BANKER STANDS (PLAYER STOOD; BANKER %2: STANDS)</source>
        <translation>اللاعب يقف على %1؛ البنكر يقف (اللاعب وقف؛ البنكر %2: يقف)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>BANKER STANDS (BANKER %1, PLAYER&apos;S THIRD CARD %2: STANDS)</source>
        <translation>البنكر يقف (البنكر %1، البطاقة الثالثة للاعب %2: يقف)</translation>
    </message>
    <message>
        <location line="-194"/>
        <source>SHOE CHANGE</source>
        <translation>تغيير الحذاء</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>LAST ROUND – %1</source>
        <translation>الجولة الأخيرة – %1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>SHOE ENDED – CHANGE THE SHOE</source>
        <translation>انتهى الحذاء – غيّر الحذاء</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SHOE CHANGE – CONFIRM WITH NEW SHOE</source>
        <translation>تغيير الحذاء – أكّد بزر حذاء جديد</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Announce %1 and the end of the shoe, then press CHANGE SHOE</source>
        <translation>أعلن %1 ونهاية الحذاء، ثم اضغط تغيير الحذاء</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Announce the end of the shoe, then press CHANGE SHOE</source>
        <translation>أعلن نهاية الحذاء، ثم اضغط تغيير الحذاء</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take the old cards off the table, load new decks, then press NEW SHOE [F2] to start shoe %1</source>
        <translation>أزل البطاقات القديمة عن الطاولة، وحمّل مجموعات جديدة، ثم اضغط حذاء جديد [F2] لبدء الحذاء %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe; press NO MORE BETS to close betting</source>
        <translation>أعلن الجولة الأخيرة من الحذاء؛ اضغط لا مزيد من الرهانات لإغلاق الرهان</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Announce the result and the end of the shoe, then CONFIRM</source>
        <translation>أعلن النتيجة ونهاية الحذاء، ثم أكّد</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Announce the last round of the shoe, then press OPEN BETTING</source>
        <translation>أعلن الجولة الأخيرة من الحذاء، ثم اضغط افتح الرهان</translation>
    </message>
</context>
<context>
    <name>RecallTab</name>
    <message>
        <location filename="../recall_tab.py" line="+60"/>
        <source>SHOE</source>
        <translation>الحذاء</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this shoe</source>
        <translation>هذا الحذاء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all shoes</source>
        <translation>كل الأحذية</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LOAD ROUNDS</source>
        <translation>حمّل الجولات</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>shoe</source>
        <translation>الحذاء</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>round</source>
        <translation>الجولة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status</source>
        <translation>الحالة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>banker</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>result</source>
        <translation>النتيجة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>incidents</source>
        <translation>الحوادث</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>acts</source>
        <translation>الإجراءات</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>completed</source>
        <translation>مكتملة</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>voided</source>
        <translation>ملغاة</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 at %2</source>
        <translation>%1 عند %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 placed by hand at %2</source>
        <translation>%1 وُضعت يدويًا عند %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 resumed the round</source>
        <translation>استأنف %1 الجولة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 entered a card by hand</source>
        <translation>أدخل %1 بطاقة يدويًا</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 swapped the cards at %2 and %3</source>
        <translation>بدّل %1 البطاقتين في %2 و%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 voided the round</source>
        <translation>ألغى %1 الجولة</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ended the shoe</source>
        <translation>أنهى %1 الحذاء</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 acted</source>
        <translation>تصرّف %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shoe %1, round %2: %3</source>
        <translation>الحذاء %1، الجولة %2: %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Dealt by %1</source>
        <translation>وزّعها %1</translation>
    </message>
    <message>
        <location filename="../recall_picture.py" line="+54"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Player</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../recall_tab.py" line="+1"/>
        <source>Banker</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>total %1</source>
        <translation>المجموع %1</translation>
    </message>
    <message>
        <location filename="../recall_tab.py" line="+6"/>
        <source>Result: %1</source>
        <translation>النتيجة: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>player natural</source>
        <translation>اللاعب الطبيعي</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker natural</source>
        <translation>بنكر الطبيعي</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>player pair</source>
        <translation>اللاعب زوج</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>banker pair</source>
        <translation>بنكر زوج</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also: %1</source>
        <translation>وأيضًا: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Entered by hand: %1</source>
        <translation>أُدخلت يدويًا: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Voided because: %1</source>
        <translation>أُلغيت بسبب: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Incidents:</source>
        <translation>الحوادث:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Acts:</source>
        <translation>الإجراءات:</translation>
    </message>
</context>
<context>
    <name>RefusalWords</name>
    <message>
        <location filename="../refusal_words.py" line="+17"/>
        <source>the station could not do it; nothing changed at the table. Call the technician if it happens again</source>
        <translation>لم تستطع المحطة تنفيذ ذلك؛ لم يتغير شيء على الطاولة. استدعِ الفني إذا تكرر ذلك</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the table is paused: the supervisor resolves the incident first, then the dealer changes</source>
        <translation>الطاولة متوقفة: يحل المشرف الحادثة أولًا، ثم يتغير الموزع</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a round is open: the dealer changes between rounds</source>
        <translation>هناك جولة مفتوحة: يتغير الموزع بين الجولات</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no dealer is signed in</source>
        <translation>لا يوجد موزع مسجّل الدخول</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this dealer is already signed in</source>
        <translation>هذا الموزع مسجّل الدخول بالفعل</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not allowed now</source>
        <translation>غير مسموح الآن</translation>
    </message>
</context>
<context>
    <name>ReplayPanel</name>
    <message>
        <location filename="../replay_panel.py" line="+70"/>
        <location line="+38"/>
        <source>Pause</source>
        <translation>إيقاف مؤقت</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Step</source>
        <translation>خطوة</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>REPLAY</source>
        <translation>إعادة التشغيل</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Speed</source>
        <translation>السرعة</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Play</source>
        <translation>تشغيل</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>replay finished</source>
        <translation>انتهت إعادة التشغيل</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replay playing</source>
        <translation>إعادة التشغيل جارية</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>replay paused</source>
        <translation>إعادة التشغيل متوقفة مؤقتًا</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Play / pause the replay [F7]</source>
        <translation>تشغيل / إيقاف إعادة التشغيل مؤقتًا [F7]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play the next recorded step [F8]</source>
        <translation>تشغيل الخطوة المسجلة التالية [F8]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay</source>
        <translation>إعادة التشغيل</translation>
    </message>
</context>
<context>
    <name>RoadsView</name>
    <message>
        <location filename="../road_marks.py" line="+78"/>
        <source>B</source>
        <comment>the banker&apos;s letter</comment>
        <translation>ب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P</source>
        <comment>the player&apos;s letter</comment>
        <translation>ل</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T</source>
        <comment>a tie&apos;s letter</comment>
        <translation>ر</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>Bead plate</source>
        <translation>لوحة الخرز</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Big road</source>
        <translation>الطريق الكبير</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Big eye boy</source>
        <translation>العين الكبيرة</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Small road</source>
        <translation>الطريق الصغير</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cockroach pig</source>
        <translation>الصرصور</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Ask</source>
        <translation>اسأل</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Rounds</source>
        <translation>الجولات</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Banker</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Player</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tie</source>
        <translation>ربط</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B pair</source>
        <translation>زوج البنكر</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>P pair</source>
        <translation>زوج اللاعب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Naturals</source>
        <translation>طبيعية</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>red</source>
        <translation>أحمر</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>blue</source>
        <translation>أزرق</translation>
    </message>
</context>
<context>
    <name>SignInScreen</name>
    <message>
        <location filename="../sign_in.py" line="-215"/>
        <source>DEALER SIGN-IN</source>
        <translation>دخول الموزع</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Type your dealer id and PIN, or scan your dealer badge.</source>
        <translation>اكتب معرّف الموزع والرمز، أو امسح شارة الموزع.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>dealer id</source>
        <translation>معرّف الموزع</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PIN</source>
        <translation>الرمز</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>SIGN IN</source>
        <translation>دخول</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>SIGN OUT</source>
        <translation>خروج</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>شاشة الموزع</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CREATE THE FIRST ACCOUNTS</source>
        <translation>أنشئ الحسابات الأولى</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Badge of %1 read: enter the PIN</source>
        <translation>قُرئت شارة %1: أدخل الرمز</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type the dealer id and the PIN</source>
        <translation>اكتب معرّف الموزع والرمز</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>REFUSED: %1</source>
        <translation>مرفوض: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nobody is signed in: betting cannot open until a dealer signs in.</source>
        <translation>لم يسجّل أحد الدخول: لا تُفتح الرهانات حتى يسجّل موزع الدخول.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Demo dealer signed in</source>
        <translation>الموزع التجريبي مسجّل الدخول</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Signed in: %1</source>
        <translation>مسجّل الدخول: %1</translation>
    </message>
</context>
<context>
    <name>Station</name>
    <message>
        <location filename="../app.py" line="+211"/>
        <source>Demo dealer — no accounts yet: create them with dealer-station users add</source>
        <translation>موزع تجريبي — لا حسابات بعد: أنشئها بالأمر dealer-station users add</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No accounts yet: betting cannot open until a dealer signs in. Add a dealer with &apos;dealer-station users add NAME --role dealer&apos; (and a supervisor with --role supervisor), then sign in here.</source>
        <translation>لا حسابات بعد: لا تُفتح الرهانات حتى يسجّل موزع الدخول. أضف موزعًا بالأمر &apos;dealer-station users add NAME --role dealer&apos; (ومشرفًا بـ --role supervisor)، ثم سجّل الدخول هنا.</translation>
    </message>
</context>
<context>
    <name>StatsBox</name>
    <message>
        <location filename="../dealer_panels.py" line="+88"/>
        <source>BANKER</source>
        <translation>البنكر</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PLAYER</source>
        <translation>اللاعب</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TIE</source>
        <translation>ربط</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUNDS</source>
        <translation>الجولات</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Player pairs %1   Banker pairs %2   Naturals %3</source>
        <translation>أزواج اللاعب %1   أزواج البنكر %2   طبيعية %3</translation>
    </message>
</context>
<context>
    <name>SupervisorScreen</name>
    <message>
        <location filename="../supervisor_screen.py" line="+170"/>
        <source>SUPERVISOR</source>
        <translation>المشرف</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>user</source>
        <translation>المستخدم</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+23"/>
        <source>PIN</source>
        <translation>الرمز</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>LOG IN</source>
        <translation>دخول</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LOG OUT</source>
        <translation>خروج</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>DEALER SCREEN</source>
        <translation>شاشة الموزع</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>INCIDENT &amp;&amp; ACTS</source>
        <translation>الحادثة والإجراءات</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SIDE-BET EDGE</source>
        <translation>أفضلية الرهانات الجانبية</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ROUND RECALL</source>
        <translation>سجل الجولات</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Type the user and the PIN</source>
        <translation>اكتب المستخدم والرمز</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>REFUSED: %1</source>
        <translation>مرفوض: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+189"/>
        <source>wrong PIN</source>
        <translation>رمز خاطئ</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>REFUSED: wrong user or PIN</source>
        <translation>مرفوض: مستخدم أو رمز خاطئ</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Session of %1 ended: the supervisor screen was left. Type the PIN again to act.</source>
        <translation>انتهت جلسة %1: غادر شاشة المشرف. اكتب الرمز مجددًا للتصرف.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended after %2 seconds without a touch. Type the PIN again to act.</source>
        <translation>انتهت جلسة %1 بعد %2 ثانية بلا لمس. اكتب الرمز مجددًا للتصرف.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session of %1 ended: the incident it was opened for is over. Type the PIN again to act.</source>
        <translation>انتهت جلسة %1: انتهت الحادثة التي فُتحت لأجلها. اكتب الرمز مجددًا للتصرف.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Session of %1 ended: there is another incident on the table now. Type the PIN again to act.</source>
        <translation>انتهت جلسة %1: هناك حادثة أخرى على الطاولة الآن. اكتب الرمز مجددًا للتصرف.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>logged in: %1</source>
        <translation>مسجّل الدخول: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not logged in</source>
        <translation>غير مسجّل الدخول</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Still needed: %1</source>
        <translation>ما زال مطلوبًا: %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>REFUSED – not authorised: %1</source>
        <translation>مرفوض – غير مخوّل: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the table changed before the act arrived: look at the incident again</source>
        <translation>تغيّرت الطاولة قبل وصول الإجراء: انظر إلى الحادثة مرة أخرى</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REFUSED – not allowed now: %1</source>
        <translation>مرفوض – غير مسموح الآن: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ERROR: %1</source>
        <translation>خطأ: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>DONE: %1</source>
        <translation>تم: %1</translation>
    </message>
    <message numerus="yes">
        <location line="-143"/>
        <source>Session of %1 ends in %n s without a touch: touch the screen to stay logged in.</source>
        <translation>
            <numerusform>تنتهي جلسة %1 خلال %n ث بلا لمس: المس الشاشة لتبقى مسجّل الدخول.</numerusform>
            <numerusform>تنتهي جلسة %1 خلال %n ث بلا لمس: المس الشاشة لتبقى مسجّل الدخول.</numerusform>
            <numerusform>تنتهي جلسة %1 خلال %n ث بلا لمس: المس الشاشة لتبقى مسجّل الدخول.</numerusform>
            <numerusform>تنتهي جلسة %1 خلال %n ث بلا لمس: المس الشاشة لتبقى مسجّل الدخول.</numerusform>
            <numerusform>تنتهي جلسة %1 خلال %n ث بلا لمس: المس الشاشة لتبقى مسجّل الدخول.</numerusform>
            <numerusform>تنتهي جلسة %1 خلال %n ث بلا لمس: المس الشاشة لتبقى مسجّل الدخول.</numerusform>
        </translation>
    </message>
</context>
</TS>
