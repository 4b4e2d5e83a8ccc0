print("feedscroll: under construction")
