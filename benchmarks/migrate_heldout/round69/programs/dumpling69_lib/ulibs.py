import os

import numpy as np


def get_file(file_dir):
    """folder of <kind>.<n>.jpg photos -> (image paths, labels); label 0 jiaozi, 1 xiaolongbao, 2 gyoza"""
    kinds = {"jiaozi": 0, "xiaolongbao": 1, "gyoza": 2}
    images, labels = [], []
    for file in sorted(os.listdir(file_dir)):
        name = file.split(sep='.')
        if name[0] in kinds:
            images.append(os.path.join(file_dir, file))
            labels.append(kinds[name[0]])
    temp = np.array([images, labels])
    temp = temp.transpose()
    np.random.shuffle(temp)
    image_list = list(temp[:, 0])
    label_list = list(temp[:, 1])
    label_list = [int(i) for i in label_list]
    return image_list, label_list
