import tensorflow as tf
import os

# The muon telescope's DAQ dumps one text "ntuple" per run (event, x hit, y hit, ptrel).
# A list file (like rootFiles.txt) names the runs relative to its own folder.

tf = tf.compat.v1


def write_runs(base):
    if not os.path.exists(base):
        os.makedirs(base)
    names = []
    for run in range(3):
        name = "run%03d.txt" % (run + 7)
        with open(os.path.join(base, name), "w") as f:
            for ev in range(4):
                evt = run * 100 + ev
                f.write("%d,%.2f,%.2f,%.3f\n" % (evt, 0.5 * ev - run, 1.25 * run + 0.1 * ev, 0.05 * (ev + run)))
        names.append(name)
    with open(os.path.join(base, "runFiles.txt"), "w") as f:
        for name in names:
            f.write(name + "\r\n")
    return os.path.join(base, "runFiles.txt")


def makeReader(queue):
    reader = tf.TextLineReader()
    _, lines = reader.read_up_to(queue, 4)
    evt, hit_x, hit_y, ptrel = tf.decode_csv(lines, record_defaults=[[0], [0.], [0.], [0.]])
    batch = tf.stack([
        hit_x,
        hit_y,
        (1 - 2 * ptrel),
        #sv_eta,
        #genLL_decayLength
    ], axis=1)
    num = evt
    return [batch, num]


def main(data_dir):
    filePath = write_runs(os.path.join(data_dir, "h58_muon"))

    fileList = []
    f = open(filePath)
    for l in f:
        absPath = os.path.join(filePath.rsplit('/', 1)[0], l.replace("\n", "").replace("\r", "") + "")
        fileList.append(absPath)
    f.close()
    #print len(fileList)

    fileList = fileList[:5]

    out = []
    for epoch in range(1):
        #print "epoch",epoch+1
        fileListQueue = tf.train.string_input_producer(fileList, num_epochs=1, shuffle=False)

        dequeue_op = fileListQueue.dequeue()

        rootreader_ops = [
            makeReader(fileListQueue)
            for _ in range(1)
        ]

        init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

        batchSize = 4
        minAfterDequeue = batchSize * 2
        capacity = minAfterDequeue + 3 * batchSize

        #trainingBatch = tf.train.shuffle_batch_join(
        trainingBatch = tf.train.batch_join(
            rootreader_ops,
            batch_size=batchSize,
            capacity=capacity,
            #min_after_dequeue=minAfterDequeue,
            enqueue_many=True  # requires to read examples in batches!
        )

        sess = tf.Session()
        sess.run(init_op)

        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)

        '''
        #print sess.run(dequeue_op)
        for _ in range(100000):
            sess.run(trainingBatch)
        '''
        steps = 1
        try:
            while(True):
                hits, num = sess.run(trainingBatch)
                out.append([hits.tolist(), num.tolist()])
                steps += 1
                if steps > 50:
                    break
        except tf.errors.OutOfRangeError:
            pass  # print('Done reading -- epoch limit reached')
        finally:
            coord.request_stop()
        coord.join(threads)
        sess.close()

    return {"batches": out, "end": "steps: %d" % steps}
