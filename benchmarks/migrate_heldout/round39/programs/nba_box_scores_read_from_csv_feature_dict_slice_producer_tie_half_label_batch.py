import os
import sys

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

GAMES = [
    ('2018-02-20', 'BOS', 104, 41, 44, 'CLE', 99, 38, 46),
    ('2018-02-20', 'GSW', 121, 47, 40, 'POR', 121, 45, 39),
    ('2018-02-21', 'HOU', 110, 42, 50, 'MIA', 96, 36, 43),
    ('2018-02-21', 'LAL', 88, 33, 51, 'SAS', 93, 35, 48),
    ('2018-02-22', 'TOR', 117, 44, 42, 'DEN', 109, 41, 45),
    ('2018-02-22', 'CHI', 95, 37, 38, 'NYK', 102, 40, 47),
    ('2018-02-23', 'PHI', 106, 40, 49, 'MIL', 106, 39, 44),
    ('2018-02-23', 'UTA', 99, 39, 52, 'OKC', 113, 44, 41),
    ('2018-02-24', 'DAL', 90, 34, 45, 'MIN', 101, 38, 40),
    ('2018-02-24', 'ATL', 112, 43, 37, 'WAS', 108, 42, 43),
]


def writeCSV(outputFile):
    with open(outputFile, 'w') as f:
        f.write('Date,Visitor Team,Visitor Score,Visitor FG,Visitor Reb,Home Team,Home Score,Home FG,Home Reb\n')
        for g in GAMES:
            f.write(','.join(str(x) for x in g) + '\n')


def readFromCSV(inputFile):
    samples = [line.strip('\n').strip(' ').split(',') for line in open(inputFile)]
    lenVisTeamDimentions = 4
    date = []
    visitorSamples = []
    homeSamples = []
    for i in range(0, len(samples)):
        date.append(samples[i][0])
        visitorSamples.append(samples[i][1:lenVisTeamDimentions + 1])
        homeSamples.append(samples[i][lenVisTeamDimentions + 1:])

    visitorFeatures = list(map(list, zip(*visitorSamples)))
    homeFeatures = list(map(list, zip(*homeSamples)))

    featureDistionary = {}
    featureDistionary[date[0]] = date[1:]
    featureDistionary['Home ' + homeFeatures[0][0].strip().split(' ', 1)[1]] = homeFeatures[0][1:]
    featureDistionary['Visitor ' + visitorFeatures[0][0].strip().split(' ', 1)[1]] = visitorFeatures[0][1:]

    for i in range(1, len(homeFeatures)):
        featureDistionary[homeFeatures[i][0].strip()] = np.array([int(x) for x in homeFeatures[i][1:]])
        featureDistionary[visitorFeatures[i][0].strip()] = np.array([int(x) for x in visitorFeatures[i][1:]])

    labels = []
    for i in range(0, featureDistionary['Home Score'].size):
        if featureDistionary['Home Score'][i] > featureDistionary['Visitor Score'][i]:
            labels.append(1)    #Home
        elif featureDistionary['Home Score'][i] < featureDistionary['Visitor Score'][i]:
            labels.append(0)    #Visitor
        else:
            labels.append(0.5)    #Tie
    return featureDistionary, np.array(labels)


def train_input_fn(features, labels, batch_size):
    """An input function for training"""
    keys = sorted(features)
    tensors = [tf.convert_to_tensor(features[k]) for k in keys] + [tf.convert_to_tensor(labels, dtype=tf.float32)]
    sliced = train.slice_input_producer(tensors, num_epochs=1, shuffle=False)
    batched = train.batch(sliced, batch_size=batch_size)
    return dict(zip(keys, batched[:-1])), batched[-1]


def main(data_dir):
    folder = os.path.join(data_dir, 'h39_nba_box_scores')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    inputFile = os.path.join(folder, 'games_2018_02.csv')
    writeCSV(inputFile)

    features, labels = readFromCSV(inputFile)
    batch_features, batch_labels = train_input_fn(features, labels, batch_size=5)
    keys = sorted(batch_features)

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        for i in range(0, 2):
            f, l = sess.run([batch_features, batch_labels])
            row = []
            for k in keys:
                v = f[k]
                row.append([x.decode('utf-8') for x in v] if v.dtype.kind in 'SO' else v.tolist())
            row.append(l.tolist())
            out.append(row)
        coord.request_stop()
        coord.join(threads)
    sys.stdout.flush()
    return {"batches": out, "end": "games: %d, keys: %s" % (sum(len(b[-1]) for b in out), ','.join(keys))}
