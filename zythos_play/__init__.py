"""zythos-play: play Zythos games in a terminal (Textual), against people and bots on any server.

Every game plays through its legal actions and event feed; a game with a board of its own in
``zythos_play.boards`` is also drawn the way its players know it.
"""
