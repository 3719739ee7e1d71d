"""The JSON API: routes (:mod:`.routes`), request and response models (:mod:`.models`,
:mod:`.fields`), RFC 9457 problem details (:mod:`.problems`) and the OpenAPI document's
additions (:mod:`.openapi`, :mod:`.openapi_tournament`).

It shares the services at :mod:`wertung.web`'s root with the pages and never imports
:mod:`wertung.web.pages`.
"""
