"""Which packages the distributions carry; everything else is in pyproject.toml.

The game's files live in the repository's top-level ``assets/`` (the layout is part of the
design), but an installed game reads them as the package data ``game/assets/``
(``game/resources.py``). pyproject.toml's ``packages.find`` only finds folders under their
own names, so this file adds that one package and maps it onto the folder. The declaration is
by folder: whatever ``assets/`` holds is shipped, the licences next to the files included.
"""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["engine", "engine.*", "game", "game.*", "server", "server.*"]),
        "game.assets",
    ],
    package_dir={"game.assets": "assets"},
    package_data={"game.assets": ["**/*"]},
    # only what package_data names: assets/fonts and assets/sounds are data, not packages
    include_package_data=False,
)
