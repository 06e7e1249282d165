#!/usr/bin/env python3
"""Read a UCIS XML file with pyucis (an independent UCIS implementation, PyPI `pyucis`)
and print what it holds as JSON: every coverpoint bin by its full warpkit name
(`covergroup/coverpoint/bin`) with its hit count, and the bins marked `ignore` (excluded)
with their reason. `crates/cli/tests/cover_ucis.rs` compares this with
`warpkit cover report --json`.

    python3 tools/ucis/readback.py FILE.xml

The file is first validated against pyucis's UCIS XML schema."""

import json
import sys

from ucis import UCIS_IGNOREBIN
from ucis.cover_type_t import CoverTypeT
from ucis.scope_type_t import ScopeTypeT
from ucis.xml import validate_ucis_xml
from ucis.xml.xml_factory import XmlFactory


def main():
    path = sys.argv[1]
    validate_ucis_xml(path)
    db = XmlFactory.read(path)
    bins, excluded = {}, {}
    for inst in db.scopes(ScopeTypeT.INSTANCE):
        for cg in inst.scopes(ScopeTypeT.COVERGROUP):
            for cgi in cg.scopes(ScopeTypeT.COVERINSTANCE):
                for cp in cgi.scopes(ScopeTypeT.COVERPOINT):
                    mask = CoverTypeT.CVGBIN | CoverTypeT.IGNOREBIN | CoverTypeT.ILLEGALBIN
                    for item in cp.coverItems(mask):
                        name = f"{cgi.getScopeName()}/{cp.getScopeName()}/{item.getName()}"
                        data = item.getCoverData()
                        bins[name] = data.data
                        if data.type == UCIS_IGNOREBIN or data.type == CoverTypeT.IGNOREBIN:
                            excluded[name] = True
    json.dump({"bins": bins, "excluded": excluded}, sys.stdout, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
