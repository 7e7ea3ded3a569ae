labelmap = {'airplane': 0,
            'bathtub': 1,
            'bed': 2,
            'bench': 3,
            'bookshelf': 4,
            'bottle': 5}
