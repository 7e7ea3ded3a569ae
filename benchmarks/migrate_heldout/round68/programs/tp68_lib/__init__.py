# -*- coding: utf-8 -*-
# A trimmed tensorpack-0.2-style input layer: DataFlow, InputDesc, BatchQueueInput.
