import { z } from 'zod'

// "My requests": a signed-in customer's quote requests and contact messages, with the staff's replies
// and their own answers (never staff's internal notes), and answering one.

export const myRequestMessageSchema = z
  .object({
    id: z.string(),
    /** `staff`: a reply from the business; `customer`: the customer's own answer (by mail or here). */
    from: z.enum(['staff', 'customer']),
    author: z.string(),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'MyRequestMessage' })

export const myRequestSchema = z
  .object({
    kind: z.enum(['quote', 'contact']),
    id: z.string(),
    /** The service asked for, or the message's subject. */
    title: z.string(),
    message: z.string(),
    status: z.enum(['pending', 'resolved']),
    createdAt: z.string(),
    messages: z.array(myRequestMessageSchema),
  })
  .meta({ id: 'MyRequest' })
export type MyRequest = z.infer<typeof myRequestSchema>

export const myRequestListSchema = z.object({ items: z.array(myRequestSchema) }).meta({ id: 'MyRequests' })
export type MyRequestList = z.infer<typeof myRequestListSchema>
