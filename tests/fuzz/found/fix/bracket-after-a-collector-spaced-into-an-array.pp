User <| uid == 1 |>[0]
