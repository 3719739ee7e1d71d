"""The server-rendered pages in German and English: the calculators (:mod:`.calculators`),
the tournament pages (:mod:`.tournament`), the history (:mod:`.history`), their forms
(:mod:`.forms`, :mod:`.planner`) and views (:mod:`.rendering`, :mod:`.charts`,
:mod:`.result_view`, :mod:`.running_view`, :mod:`.dsb_status`).

They share the services at :mod:`wertung.web`'s root with the API and never import
:mod:`wertung.web.api`.
"""
